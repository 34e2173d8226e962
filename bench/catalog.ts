/**
 * Catalogue load test: builds a deterministic catalogue in PostgreSQL and/or
 * PGlite, serves it with the real app in its own process, and measures a bare
 * Fastify route and the catalogue routes with autocannon, reply cache on and off.
 *
 *   npm run bench:catalog -- [--db=postgres|pg|pglite|both] [--products=100000]
 *     [--cache=on|off|both] [--reuse] [--duration=10] [--connections=50] [--passes=1]
 *     [--routes=plain,filtered,search,detail,brotli] [--fill=fast|triggers]
 *
 * Flags take `--flag=value` or `--flag value`. See bench/README.md.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { insertCategories } from '../apps/server/test/fixtures/products';
import { BRANDS, COLOURS, categoryPaths, generateProducts, SEARCH_TERMS } from './catalog-data';
import { emptyCatalogue, fastFill, triggerFill } from './catalog-fill';
import { cpuMs } from './proc-cpu';

function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const [key, inline] = arg.slice(2).split('=', 2);
    const next = argv[i + 1];
    if (inline !== undefined) out[key!] = inline;
    else if (next !== undefined && !next.startsWith('--')) {
      out[key!] = next;
      i++;
    } else out[key!] = 'true';
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
const PRODUCTS = Number(args.products ?? 100_000);
const DURATION = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 50);
const PASSES = Number(args.passes ?? 1);
const REUSE = args.reuse === 'true';
const CACHE_MODES: ('on' | 'off')[] =
  args.cache === 'on' ? ['on'] : args.cache === 'off' ? ['off'] : ['on', 'off'];
const ROUTES = new Set((args.routes ?? 'plain,filtered,stock,search,detail,brotli').split(','));
/** `--variants=3-12`: every product's colours x sizes make 3 to 12 variants (default: the old 0-3 x 0-3). */
const VARIANTS = args.variants ? (args.variants.split('-').map(Number) as [number, number]) : undefined;
/**
 * How PostgreSQL is filled: `fast` (default) writes set-based with triggers off, the same state
 * (bench/catalog-fill.ts); `triggers` inserts through Drizzle with every trigger firing. PGlite always does.
 */
const FILL = args.fill === 'triggers' ? 'triggers' : 'fast';
const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
/** Other worktrees may bench on the same server: BENCH_DB_NAME keeps runs apart. */
const PG_DATABASE = process.env.BENCH_DB_NAME ?? 'bazaar_bench';

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time per request (ms) of the server process and of its PostgreSQL backends, when /proc tells. */
  serverCpu?: number;
  databaseCpu?: number;
  /** The server process's resident memory after the row (MB), when /proc tells. */
  serverRss?: number;
}

/** A process's resident memory in MB, from /proc (Linux); undefined elsewhere. */
function rssMb(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the CPU went: the server process and, on PostgreSQL, the backends
 * serving the bench database. Other engineers share this machine, so
 * requests/s move with their load; CPU per request barely does.
 */
class CpuMeter {
  constructor(
    readonly serverPid: number,
    private readonly backends: () => Promise<number[]>,
  ) {}

  async snapshot(): Promise<{ server?: number; database: Map<number, number | undefined> }> {
    const pids = await this.backends();
    return { server: cpuMs(this.serverPid), database: new Map(pids.map((pid) => [pid, cpuMs(pid)])) };
  }

  /** The backends' CPU between two snapshots (a backend opened meanwhile counts whole). */
  static databaseBetween(
    before: Map<number, number | undefined>,
    after: Map<number, number | undefined>,
  ): number | undefined {
    if (!after.size) return undefined;
    let total = 0;
    for (const [pid, ms] of after) {
      if (ms === undefined) return undefined;
      total += ms - (before.get(pid) ?? 0);
    }
    return total;
  }
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The bench database's URL; dropped and created again unless reused. */
async function benchPostgres(serverUrl: string, keep: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [PG_DATABASE]);
  if (!keep || !rowCount) {
    await admin.query(`drop database if exists ${PG_DATABASE} with (force)`);
    await admin.query(`create database ${PG_DATABASE}`);
  }
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${PG_DATABASE}`;
  return url.toString();
}

async function productCount(database: Database): Promise<number> {
  const result = (await database.db.execute(sql`select count(*)::int as n from products`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

async function fill(database: Database): Promise<void> {
  const started = Date.now();
  await emptyCatalogue(database);
  await insertCategories(database.db, categoryPaths());
  const list = generateProducts(PRODUCTS, 42, VARIANTS);
  const fast = database.kind === 'postgres' && FILL === 'fast';
  if (fast) await fastFill(database.url, list);
  else await triggerFill(database, list);
  const how = fast ? 'set-based, triggers off' : 'through the triggers';
  console.log(
    `  inserted ${list.length} products (${how}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

interface Served {
  bareUrl: string;
  appUrl: string;
  /** From building the app to its listing loaded (ready), and the process's memory then. */
  loadMs: number;
  rssMb: number;
  pid: number;
  stop(): Promise<void>;
}

/** Starts bench/serve.ts in a child process over the bench database. */
function serve(dbUrl: string | undefined, dataDir: string, cacheTtlMs: number): Promise<Served> {
  // BENCH_SERVER_FLAGS: Node flags for the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', path.join(here, 'serve.ts')], {
    env: {
      ...process.env,
      BENCH_DB_URL: dbUrl ?? '',
      BENCH_DATA_DIR: dataDir,
      CATALOGUE_CACHE_TTL_MS: String(cacheTtlMs),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      const line = out.split('\n')[0];
      if (!out.includes('\n') || !line) return;
      const urls = JSON.parse(line) as { bareUrl: string; appUrl: string; loadMs: number; rssMb: number };
      child.removeAllListeners('exit');
      resolve({
        ...urls,
        pid: child.pid!,
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/**
 * What a write costs: the UPDATE itself (the listing's triggers and change log run in it) for one
 * product and for many at once, and the first listing asked after it, which catches up with it.
 */
async function writeCost(dbUrl: string, appUrl: string, listing: string): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    for (const n of [1, 100, 1000, 5000]) {
      const { rows } = await client.query<{ id: string }>(
        'select id from products order by md5(id::text) limit $1',
        [n],
      );
      const ids = rows.map((r) => r.id);
      const started = performance.now();
      await client.query('update products set price_paise = price_paise + 1 where id = any($1::uuid[])', [
        ids,
      ]);
      const written = performance.now();
      const res = await fetch(`${appUrl}${listing}`);
      await res.text();
      const caught = performance.now();
      console.log(
        `  write ${n} product(s): UPDATE ${(written - started).toFixed(0)} ms, next listing ${(caught - written).toFixed(0)} ms`,
      );
    }
  } finally {
    await client.end();
  }
}

async function measure(
  name: string,
  url: string,
  paths: string[],
  cpu?: CpuMeter,
  headers: Record<string, string> = {},
): Promise<Row> {
  let n = 0;
  const rotate = [{ setupRequest: (r: { path: string }) => ({ ...r, path: paths[n++ % paths.length]! }) }];
  // Warm-up: every path once, then a second of load, so caches and JIT are in the
  // steady state of a running shop (the cache-off rows show the database path).
  await autocannon({
    url,
    connections: Math.min(10, paths.length),
    amount: Math.max(paths.length, 10),
    headers,
    requests: rotate,
  });
  await autocannon({ url, connections: 10, duration: 1, headers, requests: rotate });
  const before = await cpu?.snapshot();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    requests: rotate,
  });
  const after = await cpu?.snapshot();
  const total = result.requests.total;
  const perRequest = (ms?: number) => (ms === undefined || !total ? undefined : ms / total);
  const server =
    before?.server !== undefined && after?.server !== undefined ? after.server - before.server : undefined;
  const database = before && after ? CpuMeter.databaseBetween(before.database, after.database) : undefined;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    serverCpu: perRequest(server),
    databaseCpu: perRequest(database),
    serverRss: cpu ? rssMb(cpu.serverPid) : undefined,
  };
}

function print(title: string, rows: Row[]): void {
  const bare = rows[0]!.rps;
  console.log(`\n${title}`);
  console.log(
    '| route | requests/s | p50 ms | p99 ms | vs bare | errors | server CPU ms/req | PG CPU ms/req | server RSS MB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const ms = (v?: number) => (v === undefined ? '–' : v.toFixed(2));
  for (const r of rows) {
    const ratio = `${((r.rps / bare) * 100).toFixed(1)}%`;
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${ratio} | ${r.errors} | ${ms(r.serverCpu)} | ${ms(r.databaseCpu)} | ${r.serverRss?.toFixed(0) ?? '–'} |`,
    );
  }
}

/**
 * The requested paths. Each route rotates over many distinct queries, as
 * shoppers and crawlers walking filter links do, so identical requests are
 * rarely in flight together and coalescing them cannot flatter the figures.
 */
function routes(ids: string[]) {
  const categories = [...new Set(categoryPaths().map((p) => p[0]!))];
  const prices = [
    [100, 800],
    [200, 600],
    [50, 1200],
  ];
  const filtered: string[] = [];
  for (let page = 1; page <= 2; page++) {
    for (const [min, max] of prices) {
      for (let b = 0; b < 5; b++) {
        for (const [i, c] of categories.entries()) {
          const brands = `brand=${BRANDS[((i + b) % 5) + 1]}&brand=${BRANDS[((i + 2 * b) % 7) + 6]}`;
          filtered.push(
            `/api/products?category=${encodeURIComponent(c)}&${brands}` +
              `&minPrice=${min}&maxPrice=${max}&sort=price-low&page=${page}`,
          );
        }
      }
    }
  }
  const plain = Array.from({ length: 50 }, (_, i) => `/api/products?page=${i + 1}`);
  // In Stock Only with a size or a colour: the facets that read variant stock (issue 23).
  const stock: string[] = [];
  for (const [i, c] of categories.entries()) {
    for (const size of ['S', 'M', 'L', 'XL']) {
      stock.push(`/api/products?category=${encodeURIComponent(c)}&inStock=true&size=${size}`);
      stock.push(`/api/products?category=${encodeURIComponent(c)}&inStock=true&size=${size}&page=2`);
    }
    stock.push(`/api/products?inStock=true&colour=${encodeURIComponent(COLOURS[i % COLOURS.length]!)}`);
  }
  const search: string[] = [];
  for (const sort of ['', '&sort=price-low']) {
    for (const page of [1, 2]) {
      for (const t of SEARCH_TERMS)
        search.push(`/api/products?search=${encodeURIComponent(t)}${sort}&page=${page}`);
    }
  }
  return {
    plain,
    filtered,
    stock,
    search,
    detail: ids.map((id) => `/api/products/${id}`),
  };
}

async function bench(kind: 'postgres' | 'pglite', serverUrl: string, pass: number): Promise<void> {
  console.log(`\n== ${kind}: ${PRODUCTS} products, pass ${pass} ==`);
  const keepDir = path.join(tmpdir(), `bazaar-bench-pglite-${PRODUCTS}`);
  const dataDir = kind === 'pglite' && REUSE ? keepDir : mkdtempSync(path.join(tmpdir(), 'bazaar-bench-'));
  if (kind === 'pglite' && !REUSE && existsSync(keepDir)) rmSync(keepDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const url = kind === 'postgres' ? await benchPostgres(serverUrl, REUSE || pass > 1) : undefined;
  const database = await openDatabase({ url, dataDir, poolSize: 20 });
  let closed = false;
  try {
    if ((await productCount(database)) === PRODUCTS) console.log('  reusing the generated catalogue');
    else await fill(database);
    // Fresh statistics and visibility map, and GIN pending lists flushed (autovacuum would, later).
    const vacuumed = Date.now();
    await database.db.execute(sql`vacuum analyze`);
    console.log(`  vacuum analyze ${((Date.now() - vacuumed) / 1000).toFixed(1)} s`);
    const idRows = (await database.db.execute(
      sql`select id from products order by md5(id::text) limit 1000`,
    )) as unknown as { rows: { id: string }[] };
    const paths = routes(idRows.rows.map((r) => r.id));

    // The server runs in its own process, and PGlite allows one process per data folder.
    await database.close();
    closed = true;

    const rows: Row[] = [];
    const admin = url ? new pg.Client({ connectionString: serverUrl }) : undefined;
    await admin?.connect();
    const backends = async () =>
      admin
        ? (
            await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
              PG_DATABASE,
            ])
          ).rows.map((r) => r.pid)
        : [];
    try {
      for (const mode of CACHE_MODES) {
        const server = await serve(url, dataDir, mode === 'on' ? 5000 : 0);
        const cpu = new CpuMeter(server.pid, backends);
        try {
          if (!rows.length) {
            rows.push(await measure('bare Fastify hello', server.bareUrl, ['/'], cpu));
            // The same route with a body as long as a listing reply: sending and reading 20 KB is much
            // of what a cached reply costs, and the load generator beside the server pays the reading.
            const size = (await (await fetch(`${server.appUrl}${paths.plain[0]}`)).text()).length;
            const label = `bare Fastify, ${(size / 1024).toFixed(1)} KB body (a listing's size)`;
            rows.push(await measure(label, server.bareUrl, [`/bytes/${size}`], cpu));
          }
          const label = (route: string) => `${route}, cache ${mode}`;
          if (ROUTES.has('plain'))
            rows.push(await measure(label('listing, default order'), server.appUrl, paths.plain, cpu));
          if (ROUTES.has('filtered'))
            rows.push(
              await measure(
                label('listing: category+2 brands+price, price-low'),
                server.appUrl,
                paths.filtered,
                cpu,
              ),
            );
          if (ROUTES.has('stock'))
            rows.push(
              await measure(label('listing: in stock + size or colour'), server.appUrl, paths.stock, cpu),
            );
          if (ROUTES.has('search'))
            rows.push(await measure(label('search'), server.appUrl, paths.search, cpu));
          if (ROUTES.has('detail'))
            rows.push(await measure(label('product detail + related'), server.appUrl, paths.detail, cpu));
          if (mode === 'on' && ROUTES.has('brotli')) {
            // As a browser asks: the cached replies keep their Brotli bytes, so this costs no compression.
            const brotli = { 'accept-encoding': 'gzip, deflate, br' };
            rows.push(await measure(label('listing, Brotli'), server.appUrl, paths.plain, cpu, brotli));
            rows.push(await measure(label('detail, Brotli'), server.appUrl, paths.detail, cpu, brotli));
          }
          console.log(
            `  start-up: listing loaded and ready in ${server.loadMs} ms, RSS then ${server.rssMb} MB`,
          );
          if (url && mode === 'off') await writeCost(url, server.appUrl, paths.plain[0]!);
        } finally {
          await server.stop();
        }
      }
    } finally {
      await admin?.end();
    }
    print(
      `${kind}, ${PRODUCTS} products, ${CONNECTIONS} connections x ${DURATION} s, pass ${pass} ` +
        `(${paths.plain.length}/${paths.filtered.length}/${paths.search.length}/${paths.detail.length} distinct paths)`,
      rows,
    );
  } finally {
    if (!closed) await database.close();
    if (!(kind === 'pglite' && REUSE)) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_SERVER;
  const wanted = args.db === 'pg' ? 'postgres' : (args.db ?? 'both');
  const pgUp = await postgresAnswers(serverUrl);
  for (let pass = 1; pass <= PASSES; pass++) {
    if (wanted !== 'pglite') {
      if (pgUp) await bench('postgres', serverUrl, pass);
      else console.log(`PostgreSQL does not answer at ${serverUrl}; skipping it.`);
    }
    if (wanted !== 'postgres') await bench('pglite', serverUrl, pass);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
