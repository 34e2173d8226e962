/**
 * Product import at scale (issue 23 point 6): a CSV of 10,000 variant rows (2,500 products in 2
 * colours × 2 sizes) imported through the admin API into an empty shop, then the same file with every
 * stock and price changed (10,000 updates by SKU), then exported; on PostgreSQL and on PGlite. Prints
 * each phase's time and checks that every variant's stock equals its ledger afterwards.
 * Goal: under 30 s per import on PostgreSQL.
 *
 *   npm run bench:product-import -- [--rows=10000] [--db=postgres,pglite]
 *
 * PostgreSQL: TEST_DATABASE_URL, DATABASE_URL or BENCH_DATABASE_URL names the server (default
 * postgres://postgres@127.0.0.1:5432/postgres); the bench (re)creates `bazaar_bench_import` there
 * (BENCH_IMPORT_DB names another, so two checkouts sharing a server do not drop each other's).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ImportEvent, PRODUCT_CSV_COLUMNS } from '@bazaar/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { categories } from '../apps/server/src/db/schema/catalogue';
import { updateUser } from '../apps/server/src/modules/users/users.repo';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const ROWS = Number(args.rows ?? 10_000);
const DBS = String(args.db ?? 'postgres,pglite').split(',');
const SERVER =
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  process.env.BENCH_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_IMPORT_DB ?? 'bazaar_bench_import';

const COLOURS = ['indigo', 'saffron'];
const SIZES = ['M', 'L'];

/** The file: products of 4 variants each; `round` changes every stock and price. */
function productsCsv(rows: number, round: number): string {
  const lines = [PRODUCT_CSV_COLUMNS.join(',')];
  const perProduct = COLOURS.length * SIZES.length;
  for (let p = 0; lines.length - 1 < rows; p++) {
    for (let v = 0; v < perProduct && lines.length - 1 < rows; v++) {
      const colour = COLOURS[Math.floor(v / SIZES.length)]!;
      const size = SIZES[v % SIZES.length]!;
      const cells: Record<string, string> = {
        product_sku: `BENCH-${p}`,
        name: `Cotton Kurta ${p}`,
        description: '"Hand-block printed, breathable cotton, ""everyday"" wear"',
        brand: 'Fabindia',
        category: 'Clothing',
        sub_category: 'Men',
        option: '',
        sub_option: '',
        price: `${999 + (p % 500)}.${round === 0 ? '00' : '50'}`,
        discount: String(p % 30),
        hsn: '6211',
        gst_rate: '12',
        material: 'Cotton',
        made_in: 'India',
        seller: 'Bazaar',
        tags: 'ethnic|summer',
        featured: p % 50 === 0 ? 'true' : 'false',
        sku: `BENCH-${p}-${colour.toUpperCase()}-${size}`,
        colour,
        size,
        stock: String((p + v + round * 3) % 40),
        variant_price: v === 3 ? `${1099 + round}` : '',
        image: '',
        active: 'true',
      };
      lines.push(PRODUCT_CSV_COLUMNS.map((c) => cells[c]).join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}

async function csvForm(text: string): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), 'products.csv');
  const request = new Request('http://multipart.local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

async function postgresUrl(): Promise<string> {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

async function run(kind: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-bench-import-'));
  const dbUrl = kind === 'postgres' ? await postgresUrl() : undefined;
  const database = await openDatabase({ url: dbUrl, dataDir });
  const app = await buildApp(testConfig({ dataDir, databaseUrl: dbUrl, rateLimitMax: 1_000_000_000 }), {
    database,
  });
  await app.ready();
  try {
    const { db } = app.deps;
    const [clothing] = await db.insert(categories).values({ depth: 0, name: 'Clothing' }).returning();
    await db.insert(categories).values({ depth: 1, name: 'Men', parentId: clothing!.id });
    const reg = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        name: 'Bench Admin',
        email: 'bench@example.com',
        password: 'sunrise42',
        phoneNumber: '9876543210',
      },
    });
    const { user, token } = reg.json() as { user: { _id: string }; token: string };
    await updateUser(db, user._id, { isAdmin: true });
    const auth = { authorization: `Bearer ${token}` };

    const figures: string[] = [];
    for (const [round, label] of [
      [0, 'create'],
      [1, 'update'],
    ] as const) {
      const csv = productsCsv(ROWS, round);
      const body = await csvForm(csv);
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/products/import',
        payload: body.payload,
        headers: { ...body.headers, ...auth },
      });
      const ms = performance.now() - started;
      const last = JSON.parse(res.body.trim().split('\n').at(-1)!) as ImportEvent;
      if (res.statusCode !== 200 || last.type !== 'done')
        throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 500)}`);
      figures.push(
        `${label}: ${(ms / 1000).toFixed(2)} s (${Math.round(ROWS / (ms / 1000))} rows/s; ${(csv.length / 1024 / 1024).toFixed(1)} MB; ${last.productsCreated} products created, ${last.variantsCreated} variants created, ${last.variantsUpdated} updated)`,
      );
    }
    const started = performance.now();
    const exported = await app.inject({
      method: 'GET',
      url: '/api/admin/products/export.csv',
      headers: auth,
    });
    const exportMs = performance.now() - started;
    figures.push(
      `export: ${(exportMs / 1000).toFixed(2)} s (${exported.body.trim().split('\n').length - 1} rows)`,
    );
    const check = (await db.execute(sql`select count(*)::int as n from product_variants v
      where v.stock <> (select coalesce(sum(change), 0) from inventory_ledger l where l.variant_id = v.id)`)) as unknown as {
      rows: { n: number }[];
    };
    figures.push(`variants whose stock differs from their ledger: ${check.rows[0]!.n}`);
    console.log(`\n${kind}, ${ROWS} rows`);
    for (const f of figures) console.log(`  ${f}`);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const kind of DBS) await run(kind);
