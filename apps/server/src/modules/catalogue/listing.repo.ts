import type { ProductSort } from '@bazaar/shared';
import { checkedKeyValue, invalidCursor, type KeyType } from './listing-cursor';
import { FACET_KEYS, type FacetKey, type ProductFilters } from './product-filters';
import { Params, type SqlRunner } from './sql-runner';

// The storefront's reads: listings over catalogue_listing `l` (one narrow row per live product, kept by
// triggers, columns lower-cased as filters match them), kept counts in catalogue_facet_counts, and whole
// products `p` only for what a reply shows. Statements are text with numbered parameters, the same text
// for every request of one shape (SqlRunner prepares each once per connection).

/** The product as shoppers see it, kept by a trigger on every write (products.shopper_json). */
const PRODUCT_JSON = 'p.shopper_json as json';

/** A product as its reply shows it: JSON text, spliced into the reply unparsed. */
export interface ProductJson {
  id: string;
  json: string;
}

/** One key of an order: an expression over `l` and how its value travels in a cursor. */
export interface OrderKey {
  expr: string;
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

const ID: OrderKey = { expr: 'l.product_id', type: 'uuid' };

/** The featured order: featured first, then best rated, most reviewed. Search ranks put their keys before it. */
export const FEATURED_KEYS: OrderKey[] = [
  { expr: 'l.is_featured', type: 'boolean' },
  { expr: 'l.rating', type: 'real' },
  { expr: 'l.num_reviews', type: 'integer' },
  ID,
];

/**
 * Each order reads straight from an index of catalogue_listing (all columns
 * one way, so a backward scan serves the descending ones); ids break ties in
 * the direction of the main key, so pages never overlap.
 */
export function listingOrder(sort: ProductSort): ListingOrder {
  const price: OrderKey = { expr: 'l.sale_price_paise', type: 'integer' };
  switch (sort) {
    case 'price-low':
      return { keys: [price, ID], descending: false };
    case 'price-high':
      return { keys: [price, ID], descending: true };
    case 'rating':
      return {
        keys: [{ expr: 'l.rating', type: 'real' }, { expr: 'l.num_reviews', type: 'integer' }, ID],
        descending: true,
      };
    case 'newest':
      return { keys: [{ expr: 'l.created_at', type: 'micros' }, ID], descending: true };
    case 'featured':
      return { keys: FEATURED_KEYS, descending: true };
    case 'size':
      return { keys: [{ expr: 'l.size_rank', type: 'integer' }, ID], descending: false };
  }
}

/** A search's part in a listing statement: its condition on `l`, placeholders taken from the statement's params. */
export type MatchCondition = (params: Params) => string;

/** Criteria without a facet of their own (the category path and the flags), and a search's match. */
export function baseConditions(f: ProductFilters, params: Params, match?: MatchCondition): string[] {
  const c: string[] = [];
  if (match) c.push(match(params));
  if (f.category) c.push(`l.category = ${params.add(f.category)}`);
  if (f.subCategory) c.push(`l.sub_category = ${params.add(f.subCategory)}`);
  if (f.option) c.push(`l.option = ${params.add(f.option)}`);
  if (f.subOption) c.push(`l.sub_option = ${params.add(f.subOption)}`);
  if (f.inStock) c.push('l.in_stock');
  if (f.onSale) c.push('l.on_sale');
  if (f.featured) c.push('l.is_featured');
  return c;
}

/** The faceted criteria that are set, each as one condition; lists go as one array parameter. */
export function facetConditions(f: ProductFilters, params: Params): Partial<Record<FacetKey, string>> {
  const c: Partial<Record<FacetKey, string>> = {};
  if (f.brand.length) c.brand = `l.brand = any(${params.add(f.brand)}::text[])`;
  if (f.material.length) c.material = `l.material = any(${params.add(f.material)}::text[])`;
  if (f.colour.length) c.colour = `l.colours && ${params.add(f.colour)}::text[]`;
  if (f.size.length) c.size = `l.sizes && ${params.add(f.size)}::text[]`;
  if (f.rating !== undefined) c.rating = `l.rating >= ${params.add(f.rating)}::int`;
  const price: string[] = [];
  if (f.minPricePaise !== undefined) price.push(`l.sale_price_paise >= ${params.add(f.minPricePaise)}::int`);
  if (f.maxPricePaise !== undefined) price.push(`l.sale_price_paise <= ${params.add(f.maxPricePaise)}::int`);
  if (price.length) c.price = price.join(' and ');
  return c;
}

export const all = (conditions: string[]) => (conditions.length ? conditions.join(' and ') : 'true');

/** A key's value as the cursor keeps it: exact text (a timestamp as whole microseconds). */
function printed(expr: string, type: KeyType): string {
  return type === 'micros' ? `(extract(epoch from ${expr}) * 1000000)::bigint::text` : `(${expr})::text`;
}

function parsed(k: OrderKey, value: string, params: Params): string {
  const v = params.add(checkedKeyValue(k.type, value));
  switch (k.type) {
    case 'micros':
      return `(timestamptz 'epoch' + ${v}::bigint * interval '1 microsecond')`;
    case 'boolean':
      return `${v}::boolean`;
    case 'real':
      return `${v}::real`;
    case 'integer':
      return `${v}::bigint`;
    case 'uuid':
      return `${v}::uuid`;
  }
}

/** Rows strictly after the key in the order: one row comparison the order's index can seek to. */
function after(order: ListingOrder, values: string[], params: Params): string {
  if (values.length !== order.keys.length) throw invalidCursor();
  const left = order.keys.map((k) => k.expr).join(', ');
  const right = order.keys.map((k, i) => parsed(k, values[i]!, params)).join(', ');
  return `(${left}) ${order.descending ? '<' : '>'} (${right})`;
}

/** An order, or one built from the statement's parameters (a search's rank refers to its term). */
export type OrderOf = ListingOrder | ((params: Params) => ListingOrder);

/**
 * The page size written into the text: a prepared statement's plan is made
 * once for any parameter value, and an unknown limit is planned as a tenth of
 * the table (a hash join over every product); a known one keeps the index walk.
 */
function pageSize(limit: number): string {
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw new Error(`page size out of range: ${limit}`);
  return String(limit);
}

const keyArray = (order: ListingOrder) =>
  `array[${order.keys.map((k, i) => printed(`h.k${i}`, k.type)).join(', ')}]`;

/** A product of a page, as its reply shows it, with its sort key as a cursor carries it. */
export interface PageRow {
  json: string;
  key: string[];
}

/**
 * The statement of one page of matching products with their keys, and each
 * one's place in the page as `n`: the page is found in catalogue_listing first
 * (its order's index, keys as k0…kn), so only its rows are read from products.
 */
export function pageSql(
  f: ProductFilters,
  order: ListingOrder,
  limit: number,
  at: PagePosition,
  params: Params,
): string {
  const conditions = [...baseConditions(f, params), ...Object.values(facetConditions(f, params))];
  if ('after' in at) conditions.push(after(order, at.after, params));
  const direction = order.descending ? 'desc' : 'asc';
  const keys = order.keys.map((k, i) => `${k.expr} as k${i}`).join(', ');
  const hits = `select l.product_id as id, ${keys} from catalogue_listing l where ${all(conditions)}
    order by ${order.keys.map((k) => `${k.expr} ${direction}`).join(', ')}
    limit ${pageSize(limit)} offset ${params.add('offset' in at ? at.offset : 0)}::int`;
  const orderBy = order.keys.map((_, i) => `h.k${i} ${direction}`).join(', ');
  return `select ${PRODUCT_JSON}, ${keyArray(order)} as key, (row_number() over (order by ${orderBy}))::int as n
     from (${hits}) h join products p on p.id = h.id and p.archived_at is null`;
}

export const inPageOrder = (rows: (PageRow & { n: number })[]): PageRow[] =>
  rows.sort((a, b) => a.n - b.n).map(({ json, key }) => ({ json, key }));

/** One page of matching products with their keys, in one statement. */
export async function findListingPage(
  sql: SqlRunner,
  f: ProductFilters,
  order: ListingOrder,
  limit: number,
  at: PagePosition,
): Promise<PageRow[]> {
  const params = new Params();
  const text = pageSql(f, order, limit, at, params);
  return inPageOrder(await sql.rows<PageRow & { n: number }>(text, params.values, 'generic'));
}

/** Live products by id, in no particular order. */
export function findProductsByIds(sql: SqlRunner, ids: readonly string[]): Promise<ProductJson[]> {
  if (!ids.length) return Promise.resolve([]);
  return sql.rows<ProductJson>(
    `select p.id, ${PRODUCT_JSON} from products p where p.id = any($1::uuid[]) and p.archived_at is null`,
    [ids],
    'generic',
  );
}

/** A product shown to shoppers, then up to `limit` others of its category, in stock first, then best rated. */
export function findProductWithRelated(
  sql: SqlRunner,
  id: string,
  limit: number,
): Promise<(ProductJson & { related: boolean })[]> {
  // The products are found first, then their kept JSON read once.
  return sql.rows(
    `select p.id, ${PRODUCT_JSON}, x.related from (
       (select id, false as related from products where id = $1 and archived_at is null)
       union all
       (select r.id, true from products r
        where r.category = (select category from products where id = $1) and r.id <> $1 and r.archived_at is null
        order by (r.count_in_stock > 0) desc, r.rating desc, r.id desc limit ${pageSize(limit)})
     ) x join products p on p.id = x.id
     order by x.related, (p.count_in_stock > 0) desc, p.rating desc, p.id desc`,
    [id],
    'generic',
  );
}

export interface FacetRow {
  facet: string;
  value: string | null;
  n: number;
}

export const COUNTED = ['brand', 'material', 'colour', 'size'] as const;
type Counted = (typeof COUNTED)[number];

/** Counts of one facet's values over the rows of `source` passing `where` (plain column names). */
export function valueCounts(k: Counted, source: string, where: string): string {
  switch (k) {
    case 'brand':
      return `select 'brand', brand, count(*)::int from ${source} where ${where} group by brand`;
    case 'material':
      return `select 'material', material, count(*)::int from ${source}
        where ${where} and material is not null group by material`;
    // Rows grouped by their whole set first: far fewer sets than rows to unnest.
    case 'colour':
      return `select 'colour', c, sum(g.n)::int
        from (select colours, count(*) n from ${source} where ${where} group by colours) g
        cross join lateral unnest(g.colours) c group by c`;
    case 'size':
      return `select 'size', s, sum(g.n)::int
        from (select sizes, count(*) n from ${source} where ${where} group by sizes) g
        cross join lateral unnest(g.sizes) s group by s`;
  }
}

/**
 * The narrowed set's (every criterion's) total, the slider's bounds when
 * `withBounds`, and the counts of the facets in `wanted`, from one pass over
 * the rows of `source` passing `where` (a browse's listing rows, or a search's matches):
 * one grouping set per facet (colours and sizes grouped by their
 * whole set first, far fewer sets than rows to unnest; ratings by whole star,
 * summed into "n or more", which also give the total).
 */
export function narrowedCounts(
  where: string,
  wanted: readonly (Counted | 'rating')[],
  withBounds: boolean,
  source = 'catalogue_listing l',
): string {
  const sets = [
    { facet: 'brand', expr: 'l.brand', kind: 'value' },
    { facet: 'material', expr: 'l.material', kind: 'value' },
    { facet: 'colour', expr: 'l.colours', kind: 'set' },
    { facet: 'size', expr: 'l.sizes', kind: 'set' },
  ]
    .filter((s) => wanted.includes(s.facet as Counted))
    .concat({ facet: 'rating', expr: 'floor(l.rating)', kind: 'star' });
  // grouping() sets an expression's bit (the first the highest) when a row's set leaves it out; each set keeps one.
  const full = (1 << sets.length) - 1;
  const gid = (facet: string) => full - (1 << (sets.length - 1 - sets.findIndex((s) => s.facet === facet)));
  const of = (facet: string) => `from g where gid = ${gid(facet)}`;
  const parts = [`select 'total', null::text, coalesce(sum(n), 0)::int ${of('rating')}`];
  if (withBounds)
    parts.push(
      `select 'price-min', null, min(lo) ${of('rating')}`,
      `select 'price-max', null, max(hi) ${of('rating')}`,
    );
  if (wanted.includes('rating'))
    for (const r of [4, 3, 2, 1])
      parts.push(`select 'rating', '${r}', coalesce(sum(n), 0)::int ${of('rating')} and r >= ${r}`);
  for (const { facet, kind } of sets) {
    if (kind === 'value') parts.push(`select '${facet}', v, n ${of(facet)} and v is not null`);
    if (kind === 'set')
      parts.push(`select '${facet}', e, sum(n)::int
        from g cross join lateral unnest(g.vs) e where gid = ${gid(facet)} group by e`);
  }
  // Each set's column is null in the other sets' rows, so values share one column and sets another.
  const columns = sets.map((s) => s.expr);
  const shared = (kind: string) => sets.filter((s) => s.kind === kind).map((s) => s.expr);
  const selected = [
    shared('value').length ? `coalesce(${shared('value').join(', ')}) v` : '',
    shared('set').length ? `coalesce(${shared('set').join(', ')}) vs` : '',
    'floor(l.rating) r',
    'count(*)::int n',
    withBounds ? 'min(l.sale_price_paise) lo, max(l.sale_price_paise) hi' : '',
    `grouping(${columns.join(', ')}) gid`,
  ].filter(Boolean);
  return `with g as materialized (
      select ${selected.join(', ')} from ${source} where ${where}
      group by grouping sets (${columns.map((c) => `(${c})`).join(', ')})
    ) ${union(parts)}`;
}

/** Products rated at least 4, 3, 2 and 1 over the rows of `source` passing `where`: one pass. */
export function ratingCounts(source: string, where: string): string {
  return `select 'rating', v.r::text, v.n from (
      select count(*) filter (where rating >= 4)::int r4, count(*) filter (where rating >= 3)::int r3,
        count(*) filter (where rating >= 2)::int r2, count(*) filter (where rating >= 1)::int r1
      from ${source} where ${where}
    ) x cross join lateral (values (4, x.r4), (3, x.r3), (2, x.r2), (1, x.r1)) v(r, n)`;
}

/** The slider's bounds over the rows of `source` passing `where`: one pass. */
function boundsOf(source: string, where: string): string {
  return `select v.facet, null::text, v.n
    from (select min(sale_price_paise) lo, max(sale_price_paise) hi from ${source} where ${where}) x
    cross join lateral (values ('price-min', x.lo), ('price-max', x.hi)) v(facet, n)`;
}

export const union = (parts: string[]) => parts.map((part) => `(${part})`).join(' union all ');

/** What findMatches answers: a page of hits, and the counts when asked for. */
export interface Matches {
  hits: ListingHit[];
  facets: FacetRow[];
}

/**
 * A search's page and, when `withFacets`, its total and facet counts, in one
 * statement: the matches are gathered once (the text match is the costly
 * part), then the page is ordered from them and every count filters them.
 */
export async function findMatches(
  sql: SqlRunner,
  f: ProductFilters,
  match: MatchCondition,
  page: { order: OrderOf; limit: number; at: PagePosition } | undefined,
  withFacets: boolean,
): Promise<Matches> {
  const params = new Params();
  const base = all(baseConditions(f, params, match));
  const facets = facetConditions(f, params);
  const active = FACET_KEYS.filter((k) => facets[k]);
  const passing = (except?: FacetKey) => all(active.filter((k) => k !== except).map((k) => facets[k]!));
  const parts: string[] = [];
  if (page) {
    const order = typeof page.order === 'function' ? page.order(params) : page.order;
    const conditions = active.map((k) => facets[k]!);
    if ('after' in page.at) conditions.push(after(order, page.at.after, params));
    const direction = order.descending ? 'desc' : 'asc';
    const keys = order.keys.map((k, i) => `${k.expr} as k${i}`).join(', ');
    const orderBy = order.keys.map((_, i) => `h.k${i} ${direction}`).join(', ');
    // Hits carry their place in the order as n: a union keeps no order.
    parts.push(`select 'hit', h.id::text, ${keyArray(order)}, (row_number() over (order by ${orderBy}))::int
      from (select l.product_id as id, ${keys} from base l where ${all(conditions)}
        order by ${order.keys.map((k) => `${k.expr} ${direction}`).join(', ')}
        limit ${pageSize(page.limit)} offset ${params.add('offset' in page.at ? page.at.offset : 0)}::int) h`);
  }
  if (withFacets) {
    // The unselected facets and the total count the same rows: one pass over the matches for them all.
    const unselected = ([...COUNTED, 'rating'] as const).filter((k) => !facets[k]);
    const counts = [`select * from (${narrowedCounts(passing(), unselected, !facets.price, 'base l')}) n`];
    for (const k of COUNTED) if (facets[k]) counts.push(valueCounts(k, 'base l', passing(k)));
    if (facets.rating) counts.push(ratingCounts('base l', passing('rating')));
    if (facets.price) counts.push(boundsOf('base l', passing('price')));
    parts.push(`select 'facet', f.facet, array[f.value], f.n from (${union(counts)}) f(facet, value, n)`);
  }
  const rows = await sql.rows<{ kind: string; name: string; key: (string | null)[]; n: number }>(
    `with base as materialized (select l.* from catalogue_listing l where ${base})
     select * from (${union(parts)}) r(kind, name, key, n)`,
    params.values,
  );
  const hits = rows
    .filter((r) => r.kind === 'hit')
    .sort((a, b) => a.n - b.n)
    .map((r) => ({ id: r.name, key: r.key as string[] }));
  const facetRows = rows
    .filter((r) => r.kind === 'facet')
    .map((r) => ({ facet: r.name, value: r.key[0] ?? null, n: r.n }));
  return { hits, facets: facetRows };
}
