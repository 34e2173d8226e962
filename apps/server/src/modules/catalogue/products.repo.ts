import type { ProductSort } from '@bazaar/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import {
  allConditions,
  baseConditions,
  FACET_KEYS,
  type FacetKey,
  facetConditions,
  nameMatches,
  orderBy,
  type ProductFilters,
} from './product-filters';
import type { ProductRow } from './product-view';

type Rows = { rows: Record<string, unknown>[] };

const whereOf = (conditions: SQL[]) => (conditions.length ? and(...conditions) : undefined);

/** One page of matching products in the requested order. */
export function findPage(
  db: Db,
  f: ProductFilters,
  sort: ProductSort,
  limit: number,
  offset: number,
): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(whereOf(allConditions(f)))
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
export async function findFacetRows(db: Db, f: ProductFilters): Promise<FacetRow[]> {
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
      select ${products.brand} as brand, ${products.material} as material, ${products.colours} as colours,
        ${products.sizes} as sizes, ${products.rating} as rating, ${products.salePricePaise} as sale
        ${sql.join(flags, sql``)}
      from ${products}
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

export async function findById(db: Db, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/**
 * Products of the same category as the given one, in stock first, then best
 * rated. The category comes from a subquery so this runs alongside findById
 * (served by products_related_idx).
 */
export function findRelated(db: Db, id: string, limit: number): Promise<ProductRow[]> {
  const category = db.select({ category: products.category }).from(products).where(eq(products.id, id));
  return db
    .select()
    .from(products)
    .where(and(eq(products.category, sql`(${category})`), sql`${products.id} <> ${id}`))
    .orderBy(sql`(${products.countInStock} > 0) desc`, sql`${products.rating} desc`, sql`${products.id} desc`)
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
export function findSuggestions(
  db: Db,
  pattern: string,
  prefixPattern: string,
  limit: number,
): Promise<SuggestionRow[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      pricePaise: products.pricePaise,
      discount: products.discount,
      productImage: products.productImage,
    })
    .from(products)
    .where(nameMatches(pattern))
    .orderBy(sql`${nameMatches(prefixPattern)} desc`, sql`${products.rating} desc`, products.id)
    .limit(limit);
}
