import type { ProductSort } from '@bazaar/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products as p } from '../../db/schema/catalogue';
import { FACET_KEYS, type FacetKey, type ProductFilters } from './product-filters';
import type { ProductRow } from './product-view';

// Every catalogue query is built here, from ProductFilters; nothing else in the module writes SQL.

type Rows = { rows: Record<string, unknown>[] };

/** Escapes LIKE wildcards so a shopper's `%` or `_` matches itself. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const whereOf = (conditions: SQL[]) => (conditions.length ? and(...conditions) : undefined);

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** Name matches, written so the trigram index on lower(name) can serve them. */
const nameMatches = (pattern: string) => sql`lower(${p.name}) like ${pattern}`;

/** Archived products (deleted by an admin, kept for past orders) are never shown to shoppers. */
const live = isNull(p.archivedAt);

/** Criteria without a facet of their own. */
function baseConditions(f: ProductFilters): SQL[] {
  const c: SQL[] = [live];
  if (f.search) {
    const pattern = likePattern(f.search);
    c.push(sql`(${nameMatches(pattern)} or lower(${p.category}) like ${pattern})`);
  }
  if (f.category) c.push(sql`lower(${p.category}) = ${f.category}`);
  if (f.subCategory) c.push(sql`lower(${p.subCategory}) = ${f.subCategory}`);
  if (f.option) c.push(sql`lower(${p.option}) = ${f.option}`);
  if (f.subOption) c.push(sql`lower(${p.subOption}) = ${f.subOption}`);
  if (f.inStock) c.push(sql`${p.countInStock} > 0`);
  if (f.onSale) c.push(sql`${p.discount} > 0`);
  if (f.featured) c.push(sql`${p.isFeatured}`);
  return c;
}

/** The faceted criteria that are set, each as one condition. */
function facetConditions(f: ProductFilters): Partial<Record<FacetKey, SQL>> {
  const c: Partial<Record<FacetKey, SQL>> = {};
  if (f.brand.length) c.brand = sql`${p.brand} in ${f.brand}`;
  if (f.material.length) c.material = sql`${p.material} in ${f.material}`;
  if (f.colour.length) c.colour = sql`${p.colours} && ${textArray(f.colour)}`;
  if (f.size.length) c.size = sql`${p.sizes} && ${textArray(f.size)}`;
  if (f.rating !== undefined) c.rating = sql`${p.rating} >= ${f.rating}`;
  const price: SQL[] = [];
  if (f.minPricePaise !== undefined) price.push(sql`${p.salePricePaise} >= ${f.minPricePaise}`);
  if (f.maxPricePaise !== undefined) price.push(sql`${p.salePricePaise} <= ${f.maxPricePaise}`);
  if (price.length) c.price = sql.join(price, sql` and `);
  return c;
}

/**
 * A product's smallest size as a rank: letter sizes XXS…XXXL first in their order, then number sizes by
 * value (shoes, waists), then any other label; null (last) for a product sold in no sizes.
 */
const smallestSize = sql`(
  select min(case upper(trim(s))
    when 'XXS' then 1 when 'XS' then 2 when 'S' then 3 when 'M' then 4 when 'L' then 5
    when 'XL' then 6 when 'XXL' then 7 when 'XXXL' then 8
    else case when trim(s) ~ '^[0-9]{1,6}(\.[0-9]{1,3})?$' then 100 + trim(s)::numeric else 1000000 end
  end)
  from unnest(${p.sizes}) as s
)`;

/**
 * The order of a listing; ids break ties so pages never overlap. Under a
 * search the default order puts name matches before category-only matches;
 * an explicit price, rating or date order is kept strict instead.
 */
function orderBy(sort: ProductSort, f: ProductFilters): SQL[] {
  // Ties go by id in the direction of the main key, so one index scan serves the whole order.
  const up = sql`${p.id} asc`;
  const down = sql`${p.id} desc`;
  switch (sort) {
    case 'price-low':
      return [sql`${p.salePricePaise} asc`, up];
    case 'price-high':
      return [sql`${p.salePricePaise} desc`, down];
    case 'rating':
      return [sql`${p.rating} desc`, sql`${p.numReviews} desc`, down];
    case 'newest':
      return [sql`${p.createdAt} desc`, down];
    case 'size':
      return [sql`${smallestSize} asc nulls last`, up];
    case 'featured': {
      const featured = [sql`${p.isFeatured} desc`, sql`${p.rating} desc`, sql`${p.numReviews} desc`, down];
      return f.search ? [sql`${nameMatches(likePattern(f.search))} desc`, ...featured] : featured;
    }
  }
}

/** One page of matching products in the requested order. */
export function findPage(
  db: DbOrTx,
  f: ProductFilters,
  sort: ProductSort,
  limit: number,
  offset: number,
): Promise<ProductRow[]> {
  return db
    .select()
    .from(p)
    .where(whereOf([...baseConditions(f), ...Object.values(facetConditions(f))]))
    .orderBy(...orderBy(sort, f))
    .limit(limit)
    .offset(offset);
}

export interface FacetRow {
  facet: string;
  value: string | null;
  n: number;
}

/**
 * The total and every facet's counts in one statement and one scan: the rows
 * matching the criteria without facets are gathered once, each faceted
 * criterion becomes a boolean column, and every facet counts the rows that
 * pass all the other faceted criteria (its own selection does not narrow it).
 */
export async function findFacetRows(db: DbOrTx, f: ProductFilters): Promise<FacetRow[]> {
  const conditions = facetConditions(f);
  const active = FACET_KEYS.filter((k) => conditions[k]);
  const flags = active.map((k) => sql`, (${conditions[k]}) as ${sql.identifier(`f_${k}`)}`);
  const passing = (except?: FacetKey) => {
    const others = active.filter((k) => k !== except).map((k) => sql.identifier(`f_${k}`));
    return others.length ? sql.join(others, sql` and `) : sql`true`;
  };
  const where = whereOf(baseConditions(f));
  const query = sql`
    with base as materialized (
      select ${p.brand} as brand, ${p.material} as material, ${p.colours} as colours,
        ${p.sizes} as sizes, ${p.rating} as rating, ${p.salePricePaise} as sale
        ${sql.join(flags, sql``)}
      from ${p}
      ${where ? sql`where ${where}` : sql``}
    )
    select 'total' as facet, null::text as value, count(*)::int as n from base where ${passing()}
    union all
    select 'brand', brand, count(*)::int from base where ${passing('brand')} group by brand
    union all
    select 'material', material, count(*)::int from base
      where material is not null and ${passing('material')} group by material
    union all
    select 'colour', c, count(*)::int from base cross join lateral unnest(colours) c
      where ${passing('colour')} group by c
    union all
    select 'size', s, count(*)::int from base cross join lateral unnest(sizes) s
      where ${passing('size')} group by s
    union all
    select 'rating', r::text, count(*)::int from base cross join (values (4), (3), (2), (1)) v(r)
      where rating >= r and ${passing('rating')} group by r
    union all
    select 'price-min', null, min(sale) from base where ${passing('price')}
    union all
    select 'price-max', null, max(sale) from base where ${passing('price')}`;
  const result = (await db.execute(query)) as unknown as Rows;
  return result.rows as unknown as FacetRow[];
}

export async function findById(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.id, id), live))
    .limit(1);
  return row;
}

/**
 * Products of the same category as the given one, in stock first, then best
 * rated. The category comes from a subquery so this runs alongside findById
 * (served by products_related_idx).
 */
export function findRelated(db: DbOrTx, id: string, limit: number): Promise<ProductRow[]> {
  const category = db.select({ category: p.category }).from(p).where(eq(p.id, id));
  return db
    .select()
    .from(p)
    .where(and(eq(p.category, sql`(${category})`), sql`${p.id} <> ${id}`, live))
    .orderBy(sql`(${p.countInStock} > 0) desc`, sql`${p.rating} desc`, sql`${p.id} desc`)
    .limit(limit);
}

export interface SuggestionRow {
  id: string;
  name: string;
  category: string;
  pricePaise: number;
  discount: number;
  productImage: string | null;
}

/** Name matches for the type-ahead: names starting with the term first, then the best rated. */
export function findSuggestions(db: DbOrTx, term: string, limit: number): Promise<SuggestionRow[]> {
  const contains = likePattern(term);
  // The same pattern without its leading %: names that start with the term.
  const startsWith = contains.slice(1);
  return db
    .select({
      id: p.id,
      name: p.name,
      category: p.category,
      pricePaise: p.pricePaise,
      discount: p.discount,
      productImage: p.productImage,
    })
    .from(p)
    .where(and(nameMatches(contains), live))
    .orderBy(sql`${nameMatches(startsWith)} desc`, sql`${p.rating} desc`, p.id)
    .limit(limit);
}
