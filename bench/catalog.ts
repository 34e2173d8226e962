/**
 * Catalogue load test: builds a deterministic 100,000-product catalogue in
 * PostgreSQL and/or PGlite, serves it with the real app, and measures a bare
 * Fastify route and the catalogue routes with autocannon.
 *
 *   npm run bench:catalog -- [--db=postgres|pglite|both] [--products=100000] [--duration=10]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
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
const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
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

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

async function measure(name: string, url: string, paths: string[]): Promise<Row> {
  let n = 0;
  // Warm-up: every path once, then a second of load, so caches and JIT are in the
  // steady state of a running shop (the cache-off rows show the cold database path).
  await autocannon({
    url,
    connections: Math.min(10, paths.length),
    amount: Math.max(paths.length, 10),
    requests: [{ setupRequest: (r) => ({ ...r, path: paths[n++ % paths.length]! }) }],
  });
  await autocannon({
    url,
    connections: 10,
    duration: 1,
    requests: [{ setupRequest: (r) => ({ ...r, path: paths[n++ % paths.length]! }) }],
  });
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [{ setupRequest: (r) => ({ ...r, path: paths[n++ % paths.length]! }) }],
  });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function print(title: string, rows: Row[]): void {
  const bare = rows[0]!.rps;
  console.log(`\n${title}`);
  console.log('| route | requests/s | p50 ms | p99 ms | vs bare | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const ratio = `${((r.rps / bare) * 100).toFixed(0)}%`;
    console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${ratio} | ${r.errors} |`);
  }
}

async function appOn(database: Database, dataDir: string, cacheTtlMs: number): Promise<FastifyInstance> {
  process.env.CATALOGUE_CACHE_TTL_MS = String(cacheTtlMs);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    SEED_DEMO: 'false',
    RATE_LIMIT_MAX: '1000000000',
  });
  return buildApp(config, { database });
}

async function bench(kind: 'postgres' | 'pglite', serverUrl: string): Promise<void> {
  console.log(`\n== ${kind}: ${PRODUCTS} products ==`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-bench-'));
  const url = kind === 'postgres' ? await freshPostgres(serverUrl) : undefined;
  const database = await openDatabase({ url, dataDir, poolSize: 20 });
  try {
    await fill(database);
    const idRows = (await database.db.execute(
      sql`select id from products order by md5(id::text) limit 1000`,
    )) as unknown as { rows: { id: string }[] };
    const ids = idRows.rows.map((r) => r.id);

    const bare = Fastify();
    bare.get('/', async () => ({ hello: 'world' }));
    const bareUrl = await listen(bare);

    const categories = [...new Set(categoryPaths().map((p) => p[0]!))];
    const listing = categories.map(
      (c, i) =>
        `/api/products?category=${encodeURIComponent(c)}&brand=${BRANDS[(i % 5) + 1]}&brand=${BRANDS[(i % 7) + 2]}` +
        `&minPrice=100&maxPrice=800&sort=price-low&page=${(i % 3) + 1}`,
    );
    const search = SEARCH_TERMS.map((t) => `/api/products?search=${encodeURIComponent(t)}`);
    const detail = ids.map((id) => `/api/products/${id}`);

    const rows: Row[] = [await measure('bare Fastify hello', bareUrl, ['/'])];
    await bare.close();

    const cached = await appOn(database, dataDir, 5000);
    const appUrl = await listen(cached);
    rows.push(await measure('listing: category+brands+price, price-low', appUrl, listing));
    rows.push(await measure('search: name or category', appUrl, search));
    rows.push(await measure('product detail + related', appUrl, detail));
    await cached.close();

    // The same routes with the reply cache off: every request queries the database.
    const uncached = await appOn(database, dataDir, 0);
    const uncachedUrl = await listen(uncached);
    rows.push(await measure('listing, cache off', uncachedUrl, listing));
    rows.push(await measure('search, cache off', uncachedUrl, search));
    rows.push(await measure('detail, cache off', uncachedUrl, detail));
    await uncached.close();

    print(`${kind}, ${PRODUCTS} products, ${CONNECTIONS} connections x ${DURATION} s`, rows);
  } finally {
    await database.close();
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
