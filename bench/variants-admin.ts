/**
 * A product with 200 variants in the admin (issue 23): how long it takes to open (the product and its
 * variant matrix), save (the matrix's 200 rows, stock through the ledger, and the product form) and
 * delete it, through the real admin API in this process (app.inject), on PGlite and, when
 * TEST_DATABASE_URL or DATABASE_URL names a server, on PostgreSQL too. Prints figures; asserts nothing.
 *
 *   node --import tsx bench/variants-admin.ts [--rounds=5] [--colours=20] [--sizes=10]
 *
 * On PostgreSQL the bench (re)creates the database `bazaar_bench_variants` on that server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminVariantList } from '@bazaar/shared';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { products } from '../apps/server/src/db/schema/catalogue';
import { updateUser } from '../apps/server/src/modules/users/users.repo';
import { stockMismatches } from '../apps/server/test/fixtures/inventory';
import { insertCategories } from '../apps/server/test/fixtures/products';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const ROUNDS = Number(args.rounds ?? 5);
const COLOURS = Number(args.colours ?? 20);
const SIZES = Number(args.sizes ?? 10);
const SERVER = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const DB_NAME = 'bazaar_bench_variants';

async function freshPostgres(server: string): Promise<string> {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

/** The product form's multipart body, as the admin's Save sends it. */
async function productForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const request = new Request('http://bench.local/', { method: 'PUT', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)]!.toFixed(0)} ms, max ${s[s.length - 1]!.toFixed(0)} ms`;
};

async function run(label: string, url: string | undefined): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-bench-variants-'));
  const database = await openDatabase({ url, dataDir, poolSize: 5 });
  const app = await buildApp(testConfig({ dataDir, databaseUrl: url, rateLimitMax: 1_000_000_000 }), {
    database,
  });
  await app.ready();
  try {
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
    await updateUser(app.deps.db, user._id, { isAdmin: true });
    const headers = { authorization: `Bearer ${token}` };
    await insertCategories(app.deps.db, [['Fashion', 'Men']]);
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) => {
      const res = await app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
      if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
      return res;
    };
    const colours = Array.from({ length: COLOURS }, (_, i) => `Colour ${i + 1}`);
    const sizes = Array.from({ length: SIZES }, (_, i) => `S${i + 1}`);
    const times = {
      generate: [] as number[],
      open: [] as number[],
      save: [] as number[],
      form: [] as number[],
      remove: [] as number[],
    };
    let variants = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const [row] = await app.deps.db
        .insert(products)
        .values({
          name: `Kurta ${round}`,
          category: 'Fashion',
          subCategory: 'Men',
          pricePaise: 129_900,
          sku: `K${round}`,
          productImage: 'products/item.webp',
          countInStock: 0,
        })
        .returning({ id: products.id });
      const id = row!.id;

      let t = process.hrtime.bigint();
      await call('POST', `/admin/products/${id}/variants/generate`, { colours, sizes });
      times.generate.push(ms(t));

      t = process.hrtime.bigint();
      const [, listed] = await Promise.all([
        call('GET', `/admin/products/${id}`),
        call('GET', `/admin/products/${id}/variants`),
      ]);
      times.open.push(ms(t));
      const list = listed.json() as AdminVariantList;
      variants = list.variants.length;

      t = process.hrtime.bigint();
      await call('PUT', `/admin/products/${id}/variants`, {
        variants: list.variants.map((v, i) => ({
          id: v.id,
          stock: 5 + (i % 7),
          pricePaise: i % 3 ? null : 139_900,
          note: 'Count',
        })),
      });
      times.save.push(ms(t));

      const form = await productForm({
        name: `Kurta ${round} (edited)`,
        category: 'Fashion',
        price: '1399',
        discount: '10',
      });
      t = process.hrtime.bigint();
      const put = await app.inject({
        method: 'PUT',
        url: `/api/products/${id}`,
        payload: form.payload,
        headers: { ...headers, ...form.headers },
      });
      if (put.statusCode !== 200) throw new Error(`PUT /products: ${put.body}`);
      times.form.push(ms(t));

      t = process.hrtime.bigint();
      await call('DELETE', `/products/${id}`);
      times.remove.push(ms(t));
    }
    const mismatches = await stockMismatches(app.deps.db);
    console.log(`\n${label}: a product with ${variants} variants, ${ROUNDS} rounds`);
    console.log(`  generate (POST …/variants/generate):            ${summary(times.generate)}`);
    console.log(`  open (GET product + GET …/variants):            ${summary(times.open)}`);
    console.log(`  save matrix (PUT …/variants, ${variants} rows):        ${summary(times.save)}`);
    console.log(`  save form (PUT /products/:id):                  ${summary(times.form)}`);
    console.log(`  delete (DELETE /products/:id):                  ${summary(times.remove)}`);
    console.log(`  ledger ≠ stock afterwards: ${mismatches.length} rows`);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await run('PGlite', undefined);
if (SERVER) await run('PostgreSQL', await freshPostgres(SERVER));
