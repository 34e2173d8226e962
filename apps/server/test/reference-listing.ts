import type { ProductSort } from '@bazaar/shared';
import { likePattern } from '../src/db/like-pattern';
import type { ListedPage, ListingIndex, PageRequest } from '../src/modules/listing/listing-index';
import { type FacetRow, type ListingSummary, toFacetSummary } from '../src/modules/listing/product-facets';
import type { ProductFilters } from '../src/modules/listing/product-filters';
import { Params, type SqlRunner } from '../src/modules/listing/sql-runner';

// The reference every listing, facet count and search result of the in-memory index is compared
// against: plain SQL over catalogue_listing, one straightforward statement per page and per facet,
// no kept counts, no cleverness: slow, and exact by construction.

type KeyType = 'boolean' | 'real' | 'integer' | 'uuid' | 'micros';
interface Key {
  expr: string;
  type: KeyType;
}

const ID: Key = { expr: 'l.product_id', type: 'uuid' };

/** Each order's keys (all one direction, the id last), as the spec and the cursors define them. */
function orderOf(sort: ProductSort): { keys: Key[]; descending: boolean } {
  const price: Key = { expr: 'l.sale_price_paise', type: 'integer' };
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
      return {
        keys: [{ expr: '(extract(epoch from l.created_at) * 1000000)::bigint', type: 'micros' }, ID],
        descending: true,
      };
    case 'featured':
      return {
        keys: [
          { expr: 'l.is_featured', type: 'boolean' },
          { expr: 'l.rating', type: 'real' },
          { expr: 'l.num_reviews', type: 'integer' },
          ID,
        ],
        descending: true,
      };
    case 'size':
      return { keys: [{ expr: 'l.size_rank', type: 'integer' }, ID], descending: false };
  }
}

const CAST: Record<KeyType, string> = {
  boolean: 'boolean',
  real: 'real',
  integer: 'bigint',
  uuid: 'uuid',
  micros: 'bigint',
};

type Criterion = 'brand' | 'material' | 'colour' | 'size' | 'rating' | 'price';

/** Every criterion's condition but `except`'s (a facet's own selection never narrows its counts). */
function where(f: ProductFilters, params: Params, except?: Criterion): string {
  const c: string[] = ['true'];
  if (f.search) {
    const p = params.add(likePattern(f.search));
    c.push(`(l.name like ${p} or l.category like ${p})`);
  }
  if (f.category) c.push(`l.category = ${params.add(f.category)}`);
  if (f.subCategory) c.push(`l.sub_category = ${params.add(f.subCategory)}`);
  if (f.option) c.push(`l.option = ${params.add(f.option)}`);
  if (f.subOption) c.push(`l.sub_option = ${params.add(f.subOption)}`);
  if (f.inStock) c.push('l.in_stock');
  if (f.onSale) c.push('l.on_sale');
  if (f.featured) c.push('l.is_featured');
  if (except !== 'brand' && f.brand.length) c.push(`l.brand = any(${params.add(f.brand)}::text[])`);
  if (except !== 'material' && f.material.length)
    c.push(`l.material = any(${params.add(f.material)}::text[])`);
  // With In Stock Only, a colour or size counts where some active variant of it is in stock (decision 190).
  const [colours, sizes] = f.inStock ? ['l.stock_colours', 'l.stock_sizes'] : ['l.colours', 'l.sizes'];
  if (except !== 'colour' && f.colour.length) c.push(`${colours} && ${params.add(f.colour)}::text[]`);
  if (except !== 'size' && f.size.length) c.push(`${sizes} && ${params.add(f.size)}::text[]`);
  if (except !== 'rating' && f.rating !== undefined) c.push(`l.rating >= ${params.add(f.rating)}::int`);
  if (except !== 'price' && f.minPricePaise !== undefined)
    c.push(`l.sale_price_paise >= ${params.add(f.minPricePaise)}::int`);
  if (except !== 'price' && f.maxPricePaise !== undefined)
    c.push(`l.sale_price_paise <= ${params.add(f.maxPricePaise)}::int`);
  return c.join(' and ');
}

/** The listing answered by plain SQL; a search orders as a browse does (its relevance is the index's own). */
export class ReferenceListing implements ListingIndex {
  constructor(private readonly sql: SqlRunner) {}

  async list(f: ProductFilters, page: PageRequest): Promise<ListedPage> {
    const params = new Params();
    const { keys, descending } = orderOf(page.sort);
    let condition = where(f, params);
    if ('after' in page.at) {
      if (page.at.after.length !== keys.length) throw new Error('cursor of another order');
      const values = page.at.after.map((v, i) => `${params.add(v)}::${CAST[keys[i]!.type]}`);
      condition += ` and (${keys.map((k) => k.expr).join(', ')}) ${descending ? '<' : '>'} (${values.join(', ')})`;
    }
    const direction = descending ? 'desc' : 'asc';
    const offset = 'offset' in page.at ? page.at.offset : 0;
    const rows = await this.sql.rows<{ json: string; key: string[] }>(
      `select p.shopper_json as json, array[${keys.map((k) => `(${k.expr})::text`).join(', ')}] as key
       from catalogue_listing l join products p on p.id = l.product_id and p.archived_at is null
       where ${condition}
       order by ${keys.map((k) => `${k.expr} ${direction}`).join(', ')}
       limit ${params.add(page.limit)}::int offset ${params.add(offset)}::int`,
      params.values,
    );
    return { rows, summary: await this.summarize(f) };
  }

  async summarize(f: ProductFilters): Promise<ListingSummary> {
    const p = new Params();
    const from = 'from catalogue_listing l';
    // One plain query per count, sent as one statement.
    const parts = [
      `select 'total', null, count(*)::int ${from} where ${where(f, p)}`,
      `select 'brand', l.brand, count(*)::int ${from} where ${where(f, p, 'brand')} group by l.brand`,
      `select 'material', l.material, count(*)::int ${from}
       where ${where(f, p, 'material')} and l.material is not null group by l.material`,
      `select 'colour', c, count(*)::int ${from} cross join unnest(${f.inStock ? 'l.stock_colours' : 'l.colours'}) c
       where ${where(f, p, 'colour')} group by c`,
      `select 'size', s, count(*)::int ${from} cross join unnest(${f.inStock ? 'l.stock_sizes' : 'l.sizes'}) s
       where ${where(f, p, 'size')} group by s`,
      `select 'rating', r::text, count(l.product_id)::int
       from generate_series(1, 5) r left join catalogue_listing l on l.rating >= r and ${where(f, p, 'rating')}
       group by r`,
      `select v.facet, null, v.n from (select min(l.sale_price_paise) lo, max(l.sale_price_paise) hi
       ${from} where ${where(f, p, 'price')}) x
       cross join lateral (values ('price-min', x.lo), ('price-max', x.hi)) v(facet, n)`,
    ];
    const rows = await this.sql.rows<FacetRow>(
      `select * from (${parts.map((part) => `(${part})`).join(' union all ')}) f(facet, value, n)`,
      p.values,
    );
    return toFacetSummary(rows);
  }

  changed(): void {}

  async start(): Promise<void> {}

  async close(): Promise<void> {}
}
