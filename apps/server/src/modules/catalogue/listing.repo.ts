import type { ProductSort } from '@bazaar/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  catalogueFacetCounts as counts,
  catalogueListing as l,
  products as p,
} from '../../db/schema/catalogue';
import { badRequest } from '../../lib/errors';
import { categoryNode, FACET_KEYS, type FacetKey, type ProductFilters } from './product-filters';
import type { ProductRow } from './product-view';

// Storefront listings over catalogue_listing (one narrow row per live product, kept by triggers) and
// catalogue_facet_counts. Whole product rows are read from products only for the page shown.

type Rows = { rows: Record<string, unknown>[] };

/** How a sort key is printed into a cursor and read back from one. */
type KeyType = 'boolean' | 'real' | 'integer' | 'uuid' | 'micros';

const KEY_PATTERN: Record<KeyType, RegExp> = {
  boolean: /^(true|false)$/,
  real: /^(-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?|NaN|-?Infinity)$/i,
  integer: /^-?\d{1,19}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  micros: /^-?\d{1,19}$/,
};

export interface OrderKey {
  expr: SQL;
  type: KeyType;
}

/** A listing order: its keys, all ascending or all descending, the product id last. */
export interface ListingOrder {
  keys: OrderKey[];
  descending: boolean;
}

/** Where a page starts: an offset (page numbers) or just after a cursor's key (seek). */
export type PagePosition = { offset: number } | { after: string[] };

/** One product of a page, with its sort key as a cursor carries it. */
export interface ListingHit {
  id: string;
  key: string[];
}

const key = (expr: SQL | AnyPgColumn, type: KeyType): OrderKey => ({ expr: sql`${expr}`, type });
const id = key(l.productId, 'uuid');

/** The featured order: featured first, then best rated, most reviewed. Search ranks put their keys before it. */
export const FEATURED_KEYS: OrderKey[] = [
  key(l.isFeatured, 'boolean'),
  key(l.rating, 'real'),
  key(l.numReviews, 'integer'),
  id,
];

/**
 * Each order reads straight from an index of catalogue_listing (all columns
 * one way, so a backward scan serves the descending ones); ids break ties in
 * the direction of the main key, so pages never overlap.
 */
export function listingOrder(sort: ProductSort): ListingOrder {
  switch (sort) {
    case 'price-low':
      return { keys: [key(l.salePricePaise, 'integer'), id], descending: false };
    case 'price-high':
      return { keys: [key(l.salePricePaise, 'integer'), id], descending: true };
    case 'rating':
      return { keys: [key(l.rating, 'real'), key(l.numReviews, 'integer'), id], descending: true };
    case 'newest':
      return { keys: [key(l.createdAt, 'micros'), id], descending: true };
    case 'featured':
      return { keys: FEATURED_KEYS, descending: true };
  }
}

const textArray = (values: readonly string[]) =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

/** Criteria without a facet of their own (the category path and the flags); `extra` is a search's match. */
function baseConditions(f: ProductFilters, extra?: SQL): SQL[] {
  const c: SQL[] = [];
  if (extra) c.push(extra);
  if (f.category) c.push(eq(l.category, f.category));
  if (f.subCategory) c.push(eq(l.subCategory, f.subCategory));
  if (f.option) c.push(eq(l.option, f.option));
  if (f.subOption) c.push(eq(l.subOption, f.subOption));
  if (f.inStock) c.push(sql`${l.inStock}`);
  if (f.onSale) c.push(sql`${l.onSale}`);
  if (f.featured) c.push(sql`${l.isFeatured}`);
  return c;
}

/** The faceted criteria that are set, each as one condition. */
function facetConditions(f: ProductFilters): Partial<Record<FacetKey, SQL>> {
  const c: Partial<Record<FacetKey, SQL>> = {};
  if (f.brand.length) c.brand = inArray(l.brand, f.brand);
  if (f.material.length) c.material = inArray(l.material, f.material);
  if (f.colour.length) c.colour = sql`${l.colours} && ${textArray(f.colour)}`;
  if (f.size.length) c.size = sql`${l.sizes} && ${textArray(f.size)}`;
  if (f.rating !== undefined) c.rating = sql`${l.rating} >= ${f.rating}`;
  const price: SQL[] = [];
  if (f.minPricePaise !== undefined) price.push(sql`${l.salePricePaise} >= ${f.minPricePaise}`);
  if (f.maxPricePaise !== undefined) price.push(sql`${l.salePricePaise} <= ${f.maxPricePaise}`);
  if (price.length) c.price = sql.join(price, sql` and `);
  return c;
}

const all = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);

/** A key's value as the cursor keeps it: exact text (a timestamp as whole microseconds). */
function printed(k: OrderKey): SQL {
  return k.type === 'micros'
    ? sql`(extract(epoch from ${k.expr}) * 1000000)::bigint::text`
    : sql`(${k.expr})::text`;
}

function parsed(k: OrderKey, value: string): SQL {
  if (!KEY_PATTERN[k.type].test(value))
    throw badRequest('Invalid cursor: ask for the first page again', { cursor: 'is not valid' });
  switch (k.type) {
    case 'micros':
      return sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;
    case 'boolean':
      return sql`${value}::boolean`;
    case 'real':
      return sql`${value}::real`;
    case 'integer':
      return sql`${value}::bigint`;
    case 'uuid':
      return sql`${value}::uuid`;
  }
}

/** Rows strictly after the key in the order: one row comparison the order's index can seek to. */
function after(order: ListingOrder, values: string[]): SQL {
  if (values.length !== order.keys.length) {
    throw badRequest('Invalid cursor: ask for the first page again', { cursor: 'is not valid' });
  }
  const left = sql.join(
    order.keys.map((k) => k.expr),
    sql`, `,
  );
  const right = sql.join(
    order.keys.map((k, i) => parsed(k, values[i]!)),
    sql`, `,
  );
  return order.descending ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}

function pageOf(f: ProductFilters, order: ListingOrder, limit: number, at: PagePosition, match?: SQL) {
  const conditions = [...baseConditions(f, match), ...Object.values(facetConditions(f))];
  if ('after' in at) conditions.push(after(order, at.after));
  const direction = order.descending ? sql`desc` : sql`asc`;
  return sql`select ${l.productId} as id, array[${sql.join(order.keys.map(printed), sql`, `)}] as key
    from ${l} where ${all(conditions)}
    order by ${sql.join(
      order.keys.map((k) => sql`${k.expr} ${direction}`),
      sql`, `,
    )}
    limit ${limit} offset ${'offset' in at ? at.offset : 0}`;
}

/** Ids and keys of one page of matching products, in order (`match`: a search's condition). */
export async function findListingHits(
  db: DbOrTx,
  f: ProductFilters,
  order: ListingOrder,
  limit: number,
  at: PagePosition,
  match?: SQL,
): Promise<ListingHit[]> {
  const result = (await db.execute(pageOf(f, order, limit, at, match))) as unknown as Rows;
  return result.rows.map((r) => ({ id: r.id as string, key: r.key as string[] }));
}

/** One page of matching products with their keys: the page found in catalogue_listing, joined to products. */
export async function findListingPage(
  db: DbOrTx,
  f: ProductFilters,
  order: ListingOrder,
  limit: number,
  at: PagePosition,
): Promise<{ row: ProductRow; key: string[] }[]> {
  const hits = await findListingHits(db, f, order, limit, at);
  const rows = await findProductsByIds(
    db,
    hits.map((h) => h.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A product archived between the two reads is left out rather than shown.
  return hits.flatMap((h) => {
    const row = byId.get(h.id);
    return row ? [{ row, key: h.key }] : [];
  });
}

/** Whole products by id, live ones only, in no particular order. */
export function findProductsByIds(db: DbOrTx, ids: readonly string[]): Promise<ProductRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(p)
    .where(and(inArray(p.id, [...ids]), sql`${p.archivedAt} is null`));
}

export interface FacetRow {
  facet: string;
  value: string | null;
  n: number;
}

type Counted = (typeof COUNTED)[number] | 'total';
const COUNTED = ['brand', 'material', 'colour', 'size', 'rating'] as const;

/**
 * The total and every facet's counts, disjunctive (a facet's own selection
 * does not narrow its counts), in one statement:
 * - a search's matches are gathered once and every count filters them;
 * - otherwise the total and the unselected facets count the narrowed set (every
 *   criterion, gathered once), and a selected facet counts the rows passing
 *   every other criterion; where those are a whole category node, its counts
 *   kept in catalogue_facet_counts are read instead of any row.
 */
export async function findFacetRows(db: DbOrTx, f: ProductFilters, match?: SQL): Promise<FacetRow[]> {
  const query = match ? matchedFacets(f, match) : browsedFacets(f);
  const result = (await db.execute(query)) as unknown as Rows;
  return result.rows as unknown as FacetRow[];
}

/** Counts of one facet over the rows of `source` passing `where` (plain column names). */
function countsOf(k: Counted, source: SQL, where: SQL): SQL {
  switch (k) {
    case 'total':
      return sql`select 'total' as facet, null::text as value, count(*)::int as n from ${source} where ${where}`;
    case 'brand':
      return sql`select 'brand', brand, count(*)::int from ${source} where ${where} group by brand`;
    case 'material':
      return sql`select 'material', material, count(*)::int from ${source}
        where ${where} and material is not null group by material`;
    case 'colour':
      return sql`select 'colour', c, count(*)::int
        from ${source} cross join lateral (select distinct unnest(colours) as c) u
        where ${where} and c is not null group by c`;
    case 'size':
      return sql`select 'size', s, count(*)::int
        from ${source} cross join lateral (select distinct unnest(sizes) as s) u
        where ${where} and s is not null group by s`;
    case 'rating':
      return sql`select 'rating', r::text, count(*)::int
        from ${source} cross join (values (4), (3), (2), (1)) v(r) where ${where} and rating >= r group by r`;
  }
}

/** The slider's bounds over the rows passing `where`; min and max each read from a price index when they can. */
function priceBounds(source: SQL, where: SQL): SQL[] {
  return [
    sql`select 'price-min', null, min(sale_price_paise) from ${source} where ${where}`,
    sql`select 'price-max', null, max(sale_price_paise) from ${source} where ${where}`,
  ];
}

const union = (parts: SQL[]) =>
  sql.join(
    parts.map((part) => sql`(${part})`),
    sql` union all `,
  );

function browsedFacets(f: ProductFilters): SQL {
  const base = baseConditions(f);
  const facets = facetConditions(f);
  const active = FACET_KEYS.filter((k) => facets[k]);
  const passing = (except?: FacetKey) =>
    all([...base, ...active.filter((k) => k !== except).map((k) => facets[k]!)]);
  // Whole-node counts are kept for the category path alone (no flags).
  const node = f.inStock || f.onSale || f.featured ? undefined : categoryNode(f);
  const kept = (facet?: string) =>
    sql`select facet, value, n from ${counts}
      where node = ${textArray(node!)} ${facet ? sql`and facet = ${facet}` : sql``} and n > 0`;

  if (node && !active.length) return union([kept(), ...priceBounds(sql`${l}`, passing())]);

  const narrowed = sql`narrowed`;
  const parts = [countsOf('total', narrowed, sql`true`)];
  for (const k of COUNTED) {
    if (!facets[k]) parts.push(countsOf(k, narrowed, sql`true`));
    else if (node && active.length === 1) parts.push(kept(k));
    else parts.push(countsOf(k, sql`${l}`, passing(k)));
  }
  parts.push(...priceBounds(sql`${l}`, passing('price')));
  return sql`with narrowed as materialized (
      select brand, material, colours, sizes, rating from ${l} where ${passing()}
    ) ${union(parts)}`;
}

function matchedFacets(f: ProductFilters, match: SQL): SQL {
  const facets = facetConditions(f);
  const active = FACET_KEYS.filter((k) => facets[k]);
  const flags = active.map((k) => sql`, (${facets[k]}) as ${sql.identifier(`f_${k}`)}`);
  const passing = (except?: FacetKey) => {
    const others = active.filter((k) => k !== except).map((k) => sql.identifier(`f_${k}`));
    return others.length ? sql.join(others, sql` and `) : sql`true`;
  };
  const base = sql`base`;
  const parts = [countsOf('total', base, passing())];
  for (const k of COUNTED) parts.push(countsOf(k, base, passing(k)));
  parts.push(...priceBounds(base, passing('price')));
  return sql`with base as materialized (
      select brand, material, colours, sizes, rating, sale_price_paise ${sql.join(flags, sql``)}
      from ${l} where ${all(baseConditions(f, match))}
    ) ${union(parts)}`;
}
