import { type ProductListParams, type ProductSort, rupeesToPaise } from '@bazaar/shared';
import { type SQL, sql } from 'drizzle-orm';
import { products as p } from '../../db/schema/catalogue';

/** The criteria that have their own facet; each is left out of its own counts ("disjunctive" facets). */
export const FACET_KEYS = ['brand', 'material', 'colour', 'size', 'rating', 'price'] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

/** A listing query reduced to what changes the result set, in a canonical form (cache keys). */
export interface ProductFilters {
  /** Lower-cased `LIKE` pattern with `%`, `_` and `\` escaped, or undefined. */
  searchPattern: string | undefined;
  category: string | undefined;
  subCategory: string | undefined;
  option: string | undefined;
  subOption: string | undefined;
  minPricePaise: number | undefined;
  maxPricePaise: number | undefined;
  rating: number | undefined;
  brand: string[];
  material: string[];
  colour: string[];
  size: string[];
  inStock: boolean;
  onSale: boolean;
  featured: boolean;
}

const lowerOrUndefined = (v: string | undefined) => {
  const t = v?.trim().toLowerCase();
  return t ? t : undefined;
};
const canonicalList = (v: string[] | undefined) => [...new Set(v ?? [])].sort();

/** Escapes LIKE wildcards so a shopper's `%` or `_` matches itself. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function toFilters(q: ProductListParams): ProductFilters {
  const search = q.search?.trim();
  return {
    searchPattern: search ? likePattern(search) : undefined,
    category: lowerOrUndefined(q.category),
    subCategory: lowerOrUndefined(q.subCategory),
    option: lowerOrUndefined(q.option),
    subOption: lowerOrUndefined(q.subOption),
    minPricePaise: q.minPrice === undefined ? undefined : rupeesToPaise(q.minPrice),
    maxPricePaise: q.maxPrice === undefined ? undefined : rupeesToPaise(q.maxPrice),
    rating: q.rating,
    brand: canonicalList(q.brand),
    material: canonicalList(q.material),
    colour: canonicalList(q.colour),
    size: canonicalList(q.size),
    inStock: q.inStock ?? false,
    onSale: q.onSale ?? false,
    featured: q.featured ?? false,
  };
}

export function filtersKey(f: ProductFilters): string {
  return JSON.stringify(f);
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** Name matches, written so the trigram index on lower(name) can serve them. */
export const nameMatches = (pattern: string) => sql`lower(${p.name}) like ${pattern}`;

/**
 * Criteria without a facet of their own. The spec's featured filter
 * ("rating >= 0 or numReviews > 10") matches every product, so `featured`
 * means the shop's own isFeatured flag instead.
 */
export function baseConditions(f: ProductFilters): SQL[] {
  const c: SQL[] = [];
  if (f.searchPattern) {
    c.push(sql`(${nameMatches(f.searchPattern)} or lower(${p.category}) like ${f.searchPattern})`);
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
export function facetConditions(f: ProductFilters): Partial<Record<FacetKey, SQL>> {
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

/** Every criterion, for the page of products itself. */
export function allConditions(f: ProductFilters): SQL[] {
  return [...baseConditions(f), ...Object.values(facetConditions(f))];
}

/**
 * The order of a listing; ids break ties so pages never overlap. Under a
 * search the default order puts name matches before category-only matches;
 * an explicit price, rating or date order is kept strict instead.
 */
export function orderBy(sort: ProductSort, f: ProductFilters): SQL[] {
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
    case 'featured': {
      const featured = [sql`${p.isFeatured} desc`, sql`${p.rating} desc`, sql`${p.numReviews} desc`, down];
      return f.searchPattern ? [sql`${nameMatches(f.searchPattern)} desc`, ...featured] : featured;
    }
  }
}
