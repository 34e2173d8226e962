/**
 * Catalogue load test: builds a deterministic 100,000-product catalogue in
 * PostgreSQL and/or PGlite, serves it with the real app, and measures a bare
 * Fastify route and the catalogue routes with autocannon.
 *
 *   npm run bench:catalog -- [--db=postgres|pglite|both] [--products=100000] [--duration=10]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { products } from '../apps/server/src/db/schema/catalogue';
import { insertCategories } from '../apps/server/test/fixtures/products';
import { BRANDS, categoryPaths, generateProducts, SEARCH_TERMS } from './catalog-data';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const PRODUCTS = Number(args.products ?? 100_000);
const DURATION = Number(args.duration ?? 10);
const CONNECTIONS = 50;
const BATCH = 1000;
const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** Response bytes per request, headers included (what the network carries). */
  bytes: number;
  errors: number;
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

/** Drops and creates the dedicated bench database; returns its URL. */
async function freshPostgres(serverUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('drop database if exists bazaar_bench with (force)');
  await admin.query('create database bazaar_bench');
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = '/bazaar_bench';
  return url.toString();
}

async function fill(database: Database): Promise<void> {
  const started = Date.now();
  await insertCategories(database.db, categoryPaths());
  const list = generateProducts(PRODUCTS);
  for (let i = 0; i < list.length; i += BATCH) {
    await database.db.insert(products).values(list.slice(i, i + BATCH));
  }
  // Flushes the GIN pending lists the bulk insert left behind (autovacuum would, later) and plans with fresh statistics.
  await database.db.execute(sql`vacuum analyze products`);
  console.log(`  inserted ${list.length} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

interface Served {
  bareUrl: string;
  appUrl: string;
  stop(): Promise<void>;
}

/** Starts bench/serve.ts in a child process over the bench database. */
function serve(dbUrl: string | undefined, dataDir: string, cacheTtlMs: number): Promise<Served> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'serve.ts')], {
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
      const urls = JSON.parse(line) as { bareUrl: string; appUrl: string };
      child.removeAllListeners('exit');
      resolve({
        ...urls,
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

async function measure(
  name: string,
  url: string,
  paths: string[],
  headers: Record<string, string> = {},
): Promise<Row> {
  let n = 0;
  // Warm-up: every path once, then a second of load, so caches and JIT are in the
  // steady state of a running shop (the cache-off rows show the cold database path).
  await autocannon({
    url,
    connections: Math.min(10, paths.length),
    amount: Math.max(paths.length, 10),
    headers,
    requests: [{ setupRequest: (r) => ({ ...r, path: paths[n++ % paths.length]! }) }],
  });
  await autocannon({
    url,
    connections: 10,
    duration: 1,
    headers,
    requests: [{ setupRequest: (r) => ({ ...r, path: paths[n++ % paths.length]! }) }],
  });
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    requests: [{ setupRequest: (r) => ({ ...r, path: paths[n++ % paths.length]! }) }],
  });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.requests.average > 0 ? result.throughput.average / result.requests.average : 0,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function print(title: string, rows: Row[]): void {
  const bare = rows[0]!.rps;
  console.log(`\n${title}`);
  console.log('| route | requests/s | p50 ms | p99 ms | vs bare | KB/reply | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const ratio = `${((r.rps / bare) * 100).toFixed(0)}%`;
    const kb = (r.bytes / 1024).toFixed(1);
    console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${ratio} | ${kb} | ${r.errors} |`);
  }
}

async function bench(kind: 'postgres' | 'pglite', serverUrl: string): Promise<void> {
  console.log(`\n== ${kind}: ${PRODUCTS} products ==`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-bench-'));
  const url = kind === 'postgres' ? await freshPostgres(serverUrl) : undefined;
  const database = await openDatabase({ url, dataDir, poolSize: 20 });
  let closed = false;
  try {
    await fill(database);
    const idRows = (await database.db.execute(
      sql`select id from products order by md5(id::text) limit 1000`,
    )) as unknown as { rows: { id: string }[] };
    const ids = idRows.rows.map((r) => r.id);

    // The server runs in its own process, and PGlite allows one process per data folder.
    await database.close();
    closed = true;

    const categories = [...new Set(categoryPaths().map((p) => p[0]!))];
    const listing = categories.map(
      (c, i) =>
        `/api/products?category=${encodeURIComponent(c)}&brand=${BRANDS[(i % 5) + 1]}&brand=${BRANDS[(i % 7) + 2]}` +
        `&minPrice=100&maxPrice=800&sort=price-low&page=${(i % 3) + 1}`,
    );
    const search = SEARCH_TERMS.map((t) => `/api/products?search=${encodeURIComponent(t)}`);
    const detail = ids.map((id) => `/api/products/${id}`);

    const cached = await serve(url, dataDir, 5000);
    const rows: Row[] = [await measure('bare Fastify hello', cached.bareUrl, ['/'])];
    rows.push(await measure('listing: category+brands+price, price-low', cached.appUrl, listing));
    rows.push(await measure('search: name or category', cached.appUrl, search));
    rows.push(await measure('product detail + related', cached.appUrl, detail));
    // A browser asks for Brotli: the cached replies keep their compressed bytes, so this costs no compression.
    const brotli = { 'accept-encoding': 'gzip, deflate, br' };
    rows.push(await measure('listing, brotli', cached.appUrl, listing, brotli));
    rows.push(await measure('product detail, brotli', cached.appUrl, detail, brotli));
    await cached.stop();

    // The same routes with the reply cache off: every request queries the database.
    const uncached = await serve(url, dataDir, 0);
    rows.push(await measure('listing, cache off', uncached.appUrl, listing));
    rows.push(await measure('search, cache off', uncached.appUrl, search));
    rows.push(await measure('detail, cache off', uncached.appUrl, detail));
    await uncached.stop();

    print(`${kind}, ${PRODUCTS} products, ${CONNECTIONS} connections x ${DURATION} s`, rows);
  } finally {
    if (!closed) await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_SERVER;
  const wanted = args.db ?? 'both';
  const pgUp = await postgresAnswers(serverUrl);
  if (wanted !== 'pglite') {
    if (pgUp) await bench('postgres', serverUrl);
    else console.log(`PostgreSQL does not answer at ${serverUrl}; skipping it.`);
  }
  if (wanted !== 'postgres') await bench('pglite', serverUrl);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
