/**
 * Where the in-memory listing's start-up load and a bulk change spend their time, on a catalogue
 * already in PostgreSQL (make one with `npm run bench:catalog -- --db=pg --reuse --variants=3-12 …`):
 * the statement on the server (EXPLAIN ANALYZE), the rows' transfer and decoding in the driver, the
 * records made from them, and the index built in JS; then an UPDATE of N products, the change log's
 * re-read of them and its application to the memory. Run under `node --cpu-prof` for the JS frames.
 *
 *   DATABASE_URL=postgres://…/bazaar_bench_x node --import tsx bench/listing-load.ts [--runs=3] [--changes=1000]
 */
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import {
  readChangesSince,
  readListing,
} from '../apps/server/src/modules/listing/memory-index/listing-feed.repo';
import { ListingMemory } from '../apps/server/src/modules/listing/memory-index/listing-memory';
import { Slices } from '../apps/server/src/modules/listing/memory-index/slices';
import type { SqlRunner } from '../apps/server/src/modules/listing/sql-runner';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const RUNS = Number(arg('runs', '3'));
const CHANGES = Number(arg('changes', '1000'));
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL names the bench database');

const database = await openDatabase({ url, dataDir: '', poolSize: 4 });
if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
const pool = database.pool;

/** A runner that runs each statement as the index's does (unnamed here) and remembers its text. */
const seen: { text: string; values: readonly unknown[] }[] = [];
const runner = {
  async rows<T>(text: string, values: readonly unknown[]): Promise<T[]> {
    seen.push({ text, values });
    return (await pool.query<T & object>({ text, values: [...values] })).rows;
  },
} as unknown as SqlRunner;

const ms = (from: number) => (performance.now() - from).toFixed(0);
/** This process's CPU time (user + system) since `from`, ms: steadier than wall time on a shared machine. */
const cpu = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return ((used.user + used.system) / 1000).toFixed(0);
};

/** The statement's own time on the server, from EXPLAIN ANALYZE (no rows sent). */
async function serverMs(text: string, values: readonly unknown[], show = false): Promise<string> {
  const plan = await pool.query<{ 'QUERY PLAN': string }>({
    text: `explain (analyze, buffers, timing off) ${text}`,
    values: [...values],
  });
  const lines = plan.rows.map((r) => r['QUERY PLAN']);
  if (show) console.log(lines.map((l) => `    ${l}`).join('\n'));
  return lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
}

let snapshot = '';
let memory = new ListingMemory();
for (let run = 1; run <= RUNS; run++) {
  seen.length = 0;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const read = await readListing(runner);
  const readCpu = cpu(c0);
  const t1 = performance.now();
  const { text } = seen[0]!;
  // The same statement again, rows decoded by the driver but no records made: the driver's share.
  const t2 = performance.now();
  const raw = await pool.query({ text });
  const driverMs = ms(t2);
  const t3 = performance.now();
  const c3 = process.cpuUsage();
  memory = new ListingMemory();
  await memory.load(read.records, new Slices());
  const buildMs = ms(t3);
  const buildCpu = cpu(c3);
  const onServer = await serverMs(text, [], run === 1);
  console.log(
    `load ${run}: ${read.records.length} products (${raw.rows.length} rows): read ${(t1 - t0).toFixed(0)} ms ` +
      `(CPU ${readCpu} ms; server ${onServer}; driver alone ${driverMs} ms), index built ${buildMs} ms (CPU ${buildCpu} ms)`,
  );
  snapshot = read.snapshot;
}

// A bulk change as the catalogue bench writes one: N products' price, then the index catches up.
const client = new pg.Client({ connectionString: url });
await client.connect();
for (let run = 1; CHANGES > 0 && run <= RUNS; run++) {
  const { rows } = await client.query<{ id: string }>(
    'select id from products order by md5(id::text || $2) limit $1',
    [CHANGES, String(run)],
  );
  const ids = rows.map((r) => r.id);
  const t0 = performance.now();
  await client.query('update products set price_paise = price_paise + 1 where id = any($1::uuid[])', [ids]);
  const updateMs = ms(t0);
  seen.length = 0;
  const t1 = performance.now();
  const changes = await readChangesSince(runner, snapshot);
  const readMs = ms(t1);
  const onServer = await serverMs(seen[0]!.text, seen[0]!.values, run === 1);
  const t2 = performance.now();
  const c2 = process.cpuUsage();
  await memory.apply(changes.changed, new Slices());
  const applyCpu = cpu(c2);
  console.log(
    `change ${run}: UPDATE ${CHANGES} products ${updateMs} ms; re-read ${changes.changed.size} ${readMs} ms ` +
      `(server ${onServer}); applied ${ms(t2)} ms (CPU ${applyCpu} ms)`,
  );
  snapshot = changes.snapshot;
}
await client.end();
await database.close();
