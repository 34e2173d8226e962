/**
 * Two ways to put the bench catalogue into a database, ending in the same state (proved by
 * bench/catalog-fill-check.ts):
 *
 * - `triggerFill`: Drizzle inserts of 1,000 products, every trigger firing as in a shop (PGlite and
 *   PostgreSQL). About 1.4 ms of trigger work a product: a million takes over an hour.
 * - `fastFill` (PostgreSQL only): each chunk of products in one transaction with triggers and foreign-key
 *   checks off (`session_replication_role = replica`), then the tables the triggers keep are written
 *   set-based from the same SQL functions the triggers call (shopper JSON, variants and their opening
 *   ledger entries, kept variants JSON, listing rows, change log). The non-unique indexes of those tables
 *   are dropped first and made again at the end, and the books are checked (the SQL of
 *   `stockMismatches`, apps/server/test/fixtures/inventory.ts).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client';
import { products } from '../apps/server/src/db/schema/catalogue';

type ProductInsert = typeof products.$inferInsert;

const BATCH = 1000;

export async function triggerFill(database: Database, list: ProductInsert[]): Promise<void> {
  for (let i = 0; i < list.length; i += BATCH) {
    await database.db.insert(products).values(list.slice(i, i + BATCH));
  }
}

/** The tables the load writes: their non-unique indexes are made after it. */
const LOADED = [
  'products',
  'product_variants',
  'inventory_ledger',
  'product_variants_json',
  'catalogue_listing',
];

/** Columns the generator sets, as products' SQL names. */
const COLUMNS: [keyof ProductInsert, string][] = [
  ['name', 'name'],
  ['title', 'title'],
  ['description', 'description'],
  ['pricePaise', 'price_paise'],
  ['discount', 'discount'],
  ['rating', 'rating'],
  ['numReviews', 'num_reviews'],
  ['countInStock', 'count_in_stock'],
  ['category', 'category'],
  ['subCategory', 'sub_category'],
  ['option', 'option'],
  ['subOption', 'sub_option'],
  ['brand', 'brand'],
  ['material', 'material'],
  ['colours', 'colours'],
  ['sizes', 'sizes'],
  ['images', 'images'],
  ['productImage', 'product_image'],
  ['tags', 'tags'],
  ['sku', 'sku'],
  ['isFeatured', 'is_featured'],
  ['createdAt', 'created_at'],
];

/** Every products column an INSERT writes (not the generated sale price). */
const INSERTED = [
  'id',
  ...COLUMNS.map(([, c]) => c),
  'seller',
  'made_in',
  'hsn',
  'gst_rate_bp',
  'archived_at',
  'updated_at',
  'shopper_json',
];

/**
 * One chunk: the products (their columns' defaults, which a JSON record lacks, set as the table's are:
 * id, gst_rate_bp, updated_at; shopper_json as the BEFORE trigger makes it), then what the AFTER
 * triggers of that insert write, in one statement each over the whole chunk.
 */
const CHUNK_SQL = [
  `create temp table load_ids (id uuid primary key) on commit drop`,
  // products_shopper_json (BEFORE INSERT, FOR EACH ROW): shopper_json := catalogue_product_json(NEW).
  `with src as materialized (
     select json_populate_record(r, json_build_object('id', gen_random_uuid(), 'gst_rate_bp', 1800, 'updated_at', now())) as q
     from json_populate_recordset(null::products, $1::json) as r
   ), ins as (
     insert into products (${INSERTED.join(', ')})
     select ${INSERTED.filter((c) => c !== 'shopper_json')
       .map((c) => `(q).${c}`)
       .join(', ')}, catalogue_product_json(q)
     from src
     returning id
   )
   insert into load_ids select id from ins`,
  // products_variants_on_insert (catalogue_products_variants_on_insert, 0033/0040): one variant a
  // colour x size, the stock shared out, and an opening ledger entry for each that has stock.
  `with new_rows as (select p.* from products p join load_ids using (id)),
   combos as (
    SELECT n.id AS product_id, n.count_in_stock AS target, c.colour, c.size, c.pos,
           count(*) OVER (PARTITION BY n.id) AS k,
           coalesce(nullif(trim(n.sku), ''), 'BZ-' || upper(substr(replace(n.id::text, '-', ''), 1, 10)))
             || coalesce('-' || upper(trim(both '-' from regexp_replace(c.colour, '[^A-Za-z0-9]+', '-', 'g'))), '')
             || coalesce('-' || upper(trim(both '-' from regexp_replace(c.size, '[^A-Za-z0-9]+', '-', 'g'))), '') AS base
    FROM new_rows n CROSS JOIN LATERAL catalogue_variant_combos(n.colours, n.sizes) c
  ), shares AS (
    SELECT product_id, colour, size, pos,
      target / k + CASE WHEN pos < target % k THEN 1 ELSE 0 END AS share,
      CASE WHEN row_number() OVER (PARTITION BY base ORDER BY product_id, pos) > 1
             OR EXISTS (SELECT 1 FROM product_variants v WHERE v.sku = base)
           THEN base || '-' || upper(substr(replace(product_id::text, '-', ''), 1, 6)) || '-' || (pos + 1)
           ELSE base END AS sku
    FROM combos
  ), made AS (
    INSERT INTO product_variants (product_id, sku, colour, size, position, stock)
      SELECT product_id, sku, colour, size, pos, share FROM shares
      RETURNING id, stock
  )
  INSERT INTO inventory_ledger (variant_id, change, reason, order_id, actor_id, resulting_stock)
    SELECT id, stock, 'adjustment', NULL, nullif(current_setting('bazaar.actor_id', true), '')::uuid, stock
    FROM made WHERE stock > 0`,
  // product_variants_zjson_on_insert (catalogue_variants_json_keep -> catalogue_variants_json_write).
  `insert into product_variants_json (product_id, json)
   select f.product_id, f.json from catalogue_variants_json_of(array(select id from load_ids order by id)) f
   order by f.product_id`,
  // catalogue_listing_insert, then product_variants_listing_on_insert (catalogue_listing_restock): the
  // variants are in, so catalogue_listing_of already reads their in-stock colours and sizes.
  `insert into catalogue_listing
   select l.* from products p join load_ids using (id) cross join lateral catalogue_listing_of(p) as l
   where p.archived_at is null`,
  // catalogue_listing_log_insert/update: the transaction's change-log row names the products it listed.
  `select catalogue_listing_log(array(select id from load_ids))`,
];

/** Books that do not add up: the SQL of stockMismatches (apps/server/test/fixtures/inventory.ts). */
const MISMATCHES = `select count(*)::int as n from (
    select v.id from product_variants v left join inventory_ledger l on l.variant_id = v.id
      group by v.id having v.stock <> coalesce(sum(l.change), 0)
    union all
    select p.id from products p left join product_variants v on v.product_id = p.id
      group by p.id having p.count_in_stock <> coalesce(sum(v.stock) filter (where v.active), 0)
    union all
    select p.id from products p left join product_variants_json j on j.product_id = p.id
      where j.json is distinct from catalogue_variants_json(p.id)
  ) m`;

function record(p: ProductInsert): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of COLUMNS) {
    const value = p[key];
    out[column] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return out;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * The same state as `triggerFill`, written set-based (PostgreSQL). The catalogue's products must be
 * gone (the caller truncates) and its categories in. `check`: run the stockMismatches SQL at the end.
 */
export async function fastFill(
  url: string,
  list: ProductInsert[],
  chunk = 25_000,
  check = true,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(`set work_mem = '256MB'`);
    // The planner's estimates for these statements pass jit_above_cost: compiling them cost more than running them.
    await client.query('set jit = off');
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class c on c.oid = i.indrelid
       where c.relname = any($1) and c.relnamespace = 'public'::regnamespace
         and not i.indisunique and not i.indisprimary`,
      [LOADED],
    );
    for (const { name } of indexes) await client.query(`drop index ${name}`);
    try {
      let started = performance.now();
      for (let i = 0; i < list.length; i += chunk) {
        await client.query('begin');
        await client.query('set local session_replication_role = replica');
        const [first, ...rest] = CHUNK_SQL;
        await client.query(first!);
        const timings: number[] = [];
        let t = performance.now();
        await client.query(rest[0]!, [JSON.stringify(list.slice(i, i + chunk).map(record))]);
        timings.push(performance.now() - t);
        for (const statement of rest.slice(1)) {
          t = performance.now();
          await client.query(statement);
          timings.push(performance.now() - t);
        }
        if (process.env.BENCH_FILL_TIMINGS) console.log('  chunk ms', timings.map(Math.round).join(' '));
        await client.query('commit');
        const done = Math.min(i + chunk, list.length);
        if (done % 100_000 === 0 || done === list.length)
          console.log(`  ${done} products in ${seconds(started)}`);
      }
      started = performance.now();
      for (const { def } of indexes) await client.query(def);
      console.log(`  ${indexes.length} indexes made again in ${seconds(started)}`);
    } catch (error) {
      await client.query('rollback').catch(() => {});
      // Put the indexes back whatever happened, so the database is never left without them.
      for (const { def } of indexes)
        await client.query(def.replace(/^CREATE (UNIQUE )?INDEX/, '$& IF NOT EXISTS'));
      throw error;
    }
    if (check) {
      const started = performance.now();
      const { rows } = await client.query<{ n: number }>(MISMATCHES);
      if (rows[0]!.n) throw new Error(`fast fill: ${rows[0]!.n} stock mismatches`);
      console.log(`  stock, ledger and variants JSON agree (stockMismatches' SQL, ${seconds(started)})`);
    }
  } finally {
    await client.end();
  }
}

/** Empties the catalogue (products and what hangs from them, categories) before a fill. */
export async function emptyCatalogue(database: Database): Promise<void> {
  await database.db.execute(sql`truncate products, categories cascade`);
}
