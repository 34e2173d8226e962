import type { SqlRunner } from '../sql-runner';

// What the in-memory listing reads from PostgreSQL: catalogue_listing whole, the rows of the products
// changed since a snapshot (catalogue_listing_changes, migration 0015), and a page's products' JSON with
// the answer to "has anything changed since that snapshot?" — each one statement, so each answer is
// one snapshot's.

/** One catalogue_listing row as the index keeps it. */
export interface ListingRecord {
  id: string;
  category: string;
  subCategory: string | null;
  option: string | null;
  subOption: string | null;
  /** Lower-cased, as search matches it. */
  name: string;
  brand: string;
  material: string | null;
  /** Each once, no nulls (the listing's own rule). */
  colours: string[];
  sizes: string[];
  /** The colours and sizes some active variant of which is in stock (migration 0035). */
  stockColours: string[];
  stockSizes: string[];
  /** The float4 PostgreSQL keeps, exactly (Math.fround of what it prints). */
  rating: number;
  numReviews: number;
  pricePaise: number;
  featured: boolean;
  inStock: boolean;
  onSale: boolean;
  /** created_at in whole microseconds since the epoch, as cursors carry it. */
  createdMicros: number;
  sizeRank: number;
  /** The document's lexemes of weight A (name), B (category path) and C (brand, material, tags), each preceded by a space. */
  words: readonly [string, string, string];
}

/** The document's lexemes of one weight, each after a space (C functions: unnesting them cost seconds at 100,000 products). */
const lexemes = (weight: string) =>
  `' ' || array_to_string(tsvector_to_array(ts_filter(l.document, '{${weight}}')), ' ')`;

/**
 * The listing's columns as one JSON array a row (arrays as JSON arrays, the rating and timestamp as
 * text: exact on both drivers). One field a row instead of 23: the driver's per-field decoding and
 * four JSON.parse calls a row were most of the load's reading (bench/listing-load.ts); JSON.parse
 * of the one array is native and builds every value at once. The id comes alone too, null where a
 * changed product is no longer listed (the left join's row of nulls).
 */
const COLUMNS = `l.product_id::text as id, json_build_array(l.category, l.sub_category, l.option, l.sub_option,
  l.name, l.brand, l.material, l.colours, l.sizes, l.stock_colours, l.stock_sizes, l.rating::text,
  l.num_reviews, l.sale_price_paise, l.is_featured, l.in_stock, l.on_sale,
  (extract(epoch from l.created_at) * 1000000)::bigint::text, l.size_rank,
  ${lexemes('A')}, ${lexemes('B')}, ${lexemes('C')})::text as listed`;

interface RawRecord {
  id: string | null;
  listed: string;
}

/** The JSON array COLUMNS makes, in its order. */
type Listed = [
  category: string,
  subCategory: string | null,
  option: string | null,
  subOption: string | null,
  name: string,
  brand: string,
  material: string | null,
  colours: string[],
  sizes: string[],
  stockColours: string[],
  stockSizes: string[],
  rating: string,
  numReviews: number,
  pricePaise: number,
  featured: boolean,
  inStock: boolean,
  onSale: boolean,
  createdMicros: string,
  sizeRank: number,
  wordsA: string,
  wordsB: string,
  wordsC: string,
];

function toRecord(id: string, listed: string): ListingRecord {
  const c = JSON.parse(listed) as Listed;
  return {
    id,
    category: c[0],
    subCategory: c[1],
    option: c[2],
    subOption: c[3],
    name: c[4],
    brand: c[5],
    material: c[6],
    colours: c[7],
    sizes: c[8],
    stockColours: c[9],
    stockSizes: c[10],
    rating: Math.fround(Number(c[11])),
    numReviews: c[12],
    pricePaise: c[13],
    featured: c[14],
    inStock: c[15],
    onSale: c[16],
    createdMicros: Number(c[17]),
    sizeRank: c[18],
    words: [c[19], c[20], c[21]],
  };
}

/** The whole listing, and the snapshot it was read in. */
export async function readListing(sql: SqlRunner): Promise<{ snapshot: string; records: ListingRecord[] }> {
  const rows = await sql.rows<RawRecord & { snapshot: string }>(
    `select s.snapshot, ${COLUMNS}
     from (select pg_current_snapshot()::text as snapshot) s left join catalogue_listing l on true`,
    [],
  );
  return {
    snapshot: rows[0]?.snapshot ?? '',
    records: rows.flatMap((r) => (r.id === null ? [] : [toRecord(r.id, r.listed)])),
  };
}

/** What changed since a snapshot: each changed product's row now (undefined: no longer listed). */
export interface ListingChanges {
  snapshot: string;
  /** The log cannot say (a TRUNCATE, or rows pruned that the old snapshot may not have seen): read it all. */
  reload: boolean;
  changed: Map<string, ListingRecord | undefined>;
}

/**
 * Log rows (one per transaction) `snapshot` could not see, as this statement sees them: a
 * transaction is invisible to a snapshot when it started after it (its id at or past the
 * snapshot's xmax) or was running then (among its xip). The id is the log's key, so both are index
 * lookups, whatever the log holds.
 */
const unseen = (snapshot: string) => `catalogue_listing_changes c
  where c.xid >= pg_snapshot_xmax(${snapshot}::pg_snapshot)
     or c.xid = any(array(select pg_snapshot_xip(${snapshot}::pg_snapshot)))`;

/** Whether the log holds a row `snapshot` could not see: the newest id, and one probe per running transaction. */
const anyUnseen = (snapshot: string) =>
  `((select c.xid from catalogue_listing_changes c order by c.xid desc limit 1) >= pg_snapshot_xmax(${snapshot}::pg_snapshot)
    or exists (select from pg_snapshot_xip(${snapshot}::pg_snapshot) x(xid)
      join catalogue_listing_changes c on c.xid = x.xid))`;

/** Rows pruned from the log that `snapshot` may not have seen (the horizon is not below its xmin). */
const prunedUnseen = (snapshot: string) =>
  `(select xid from catalogue_listing_log_horizon) >= pg_snapshot_xmin(${snapshot}::pg_snapshot)`;

export async function readChangesSince(sql: SqlRunner, snapshot: string): Promise<ListingChanges> {
  const rows = await sql.rows<RawRecord & { snapshot: string; reload: boolean; changed_id: string | null }>(
    `with log as (select c.product_ids from ${unseen('$1')}),
       changed as (select distinct u.id as product_id from log cross join unnest(log.product_ids) u(id))
     select s.snapshot, s.reload, ch.product_id::text as changed_id, ${COLUMNS}
     from (select pg_current_snapshot()::text as snapshot,
             ${prunedUnseen('$1')} or exists (select from log where product_ids is null) as reload) s
     left join (changed ch left join catalogue_listing l on l.product_id = ch.product_id) on true`,
    [snapshot],
  );
  const head = rows[0];
  const changed = new Map<string, ListingRecord | undefined>();
  for (const r of rows) {
    if (r.changed_id === null) continue;
    changed.set(r.changed_id, r.id === null ? undefined : toRecord(r.id, r.listed));
  }
  return { snapshot: head?.snapshot ?? snapshot, reload: head?.reload ?? true, changed };
}

/** Products' shopper JSON by id, and whether the listing changed since `snapshot` as this statement sees it. */
export interface ProductJsonRead {
  snapshot: string;
  changed: boolean;
  json: Map<string, string>;
}

export async function readProductJson(
  sql: SqlRunner,
  ids: readonly string[],
  snapshot: string,
): Promise<ProductJsonRead> {
  const rows = await sql.rows<{ id: string | null; json: string | null; changed: boolean | null }>(
    `select null::text as id, pg_current_snapshot()::text as json,
       (${prunedUnseen('$1')} or coalesce(${anyUnseen('$1')}, false)) as changed
     union all
     select p.id::text, p.shopper_json, null from products p where p.id = any($2::uuid[]) and p.archived_at is null`,
    [snapshot, ids],
    'generic',
  );
  const json = new Map<string, string>();
  let head: { json: string | null; changed: boolean | null } | undefined;
  for (const r of rows) {
    if (r.id === null) head = r;
    else if (r.json !== null) json.set(r.id, r.json);
  }
  return { snapshot: head?.json ?? snapshot, changed: head?.changed ?? true, json };
}
