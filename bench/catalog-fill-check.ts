/**
 * Proves bench/catalog-fill.ts's fastFill leaves the database as the triggers do: fills one PostgreSQL
 * database each way with the same generated products and compares every table's row count and, for the
 * products and each table the triggers keep, a digest of its rows with the random parts left out (ids
 * stand as the product's or variant's SKU; updated_at, now() of the inserting transaction, and the
 * change log's transaction ids and times are left out, the log compared as the set of products it names).
 *
 *   node --import tsx bench/catalog-fill-check.ts [--products=2000] [--variants=3-12]
 *
 * Exits non-zero when a table differs. Uses BENCH_DATABASE_URL's server (default local postgres) and
 * databases `<BENCH_DB_NAME or bazaar_bench>_fill_triggers` and `…_fill_fast`, dropped at the start.
 */
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { insertCategories } from '../apps/server/test/fixtures/products';
import { categoryPaths, generateProducts } from './catalog-data';
import { fastFill, triggerFill } from './catalog-fill';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => a.slice(2).split('=', 2) as [string, string]),
);
const PRODUCTS = Number(args.products ?? 2000);
const VARIANTS = args.variants ? (args.variants.split('-').map(Number) as [number, number]) : undefined;
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BASE = process.env.BENCH_DB_NAME ?? 'bazaar_bench';

const UUID = `[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`;
/** Each derived table's rows as text, random parts out, in a fixed order. */
const DIGESTS: Record<string, string> = {
  products: `select md5(string_agg(
      (to_jsonb(p) - 'id' - 'updated_at' - 'shopper_json')::text || ' ' ||
      regexp_replace(replace(p.shopper_json, p.id::text, '<id>'), '"updatedAt":"[^"]*"', '"updatedAt":"<t>"'),
      '|' order by p.sku)) from products p`,
  catalogue_listing: `select md5(string_agg(p.sku || ' ' || (to_jsonb(l) - 'product_id')::text, '|' order by p.sku))
    from catalogue_listing l join products p on p.id = l.product_id`,
  product_variants: `select md5(string_agg(p.sku || ' ' || (to_jsonb(v) - 'id' - 'product_id' - 'created_at')::text,
      '|' order by v.sku)) from product_variants v join products p on p.id = v.product_id`,
  inventory_ledger: `select md5(string_agg(v.sku || ' ' || (to_jsonb(l) - 'id' - 'variant_id' - 'created_at')::text,
      '|' order by v.sku, l.id)) from inventory_ledger l join product_variants v on v.id = l.variant_id`,
  product_variants_json: `select md5(string_agg(p.sku || ' ' || regexp_replace(j.json, '"id":"${UUID}"', '"id":"<v>"', 'g'),
      '|' order by p.sku)) from product_variants_json j join products p on p.id = j.product_id`,
  'catalogue_listing_changes (products named)': `select md5(string_agg(sku, '|' order by sku)) from (
      select distinct p.sku from catalogue_listing_changes c cross join unnest(c.product_ids) as u(id)
      join products p on p.id = u.id) s`,
  'catalogue_listing_changes (whole-catalogue entries)': `select count(*)::text from catalogue_listing_changes where product_ids is null`,
};

async function fill(name: string, how: 'triggers' | 'fast'): Promise<string> {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '/nonexistent', poolSize: 2 });
  try {
    await insertCategories(database.db, categoryPaths());
    const list = generateProducts(PRODUCTS, 42, VARIANTS);
    const started = performance.now();
    if (how === 'triggers') await triggerFill(database, list);
    else await fastFill(url.toString(), list, Math.max(1, Math.ceil(PRODUCTS / 3)));
    console.log(`${how}: ${PRODUCTS} products in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
  return url.toString();
}

async function digests(url: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out = new Map<string, string>();
    const { rows: tables } = await client.query<{ t: string }>(
      `select tablename as t from pg_tables where schemaname = 'public' order by 1`,
    );
    for (const { t } of tables) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from "${t}"`);
      out.set(`rows in ${t}`, rows[0]!.n);
    }
    for (const [name, query] of Object.entries(DIGESTS)) {
      const { rows } = await client.query(query);
      out.set(name, String(Object.values(rows[0] as object)[0]));
    }
    return out;
  } finally {
    await client.end();
  }
}

const slow = await digests(await fill(`${BASE}_fill_triggers`, 'triggers'));
const fast = await digests(await fill(`${BASE}_fill_fast`, 'fast'));
let differ = 0;
/** One change-log row a transaction: the fills commit in different chunks (the products named are compared). */
const PER_TRANSACTION = 'rows in catalogue_listing_changes';
for (const [name, value] of slow) {
  if (name === PER_TRANSACTION) {
    console.log(`(not compared) ${name}: ${value} vs ${fast.get(name)}, one a transaction`);
    continue;
  }
  const same = fast.get(name) === value;
  if (!same) differ++;
  if (!same || !name.startsWith('rows in') || value !== '0')
    console.log(`${same ? 'same   ' : 'DIFFERS'} ${name}: ${value}${same ? '' : ` vs ${fast.get(name)}`}`);
}
console.log(differ ? `${differ} differ` : 'every table the same');
process.exit(differ ? 1 : 0);
