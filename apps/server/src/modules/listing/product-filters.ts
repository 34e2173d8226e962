import { type ProductListParams, rupeesToPaise } from '@bazaar/shared';

/** The criteria that have their own facet; each is left out of its own counts ("disjunctive" facets). */
export const FACET_KEYS = ['brand', 'material', 'colour', 'size', 'rating', 'price'] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

/**
 * What a listing asks for, in the terms the products repo queries by: text
 * trimmed and lower-cased (matching is case-insensitive), prices in paise,
 * repeated values as sorted sets. No SQL here; the repo builds the one query.
 */
export interface ProductFilters {
  /** Lower-cased search term, matched as a substring of the name or the category. */
  search: string | undefined;
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
  /**
   * The shop's own isFeatured flag: the spec's featured rule
   * ("rating >= 0 or numReviews > 10") matches every product.
   */
  featured: boolean;
}

const lowerOrUndefined = (v: string | undefined) => {
  const t = v?.trim().toLowerCase();
  return t ? t : undefined;
};
const asSet = (v: string[] | undefined) => [...new Set(v ?? [])].sort();

export function toFilters(q: ProductListParams): ProductFilters {
  return {
    search: lowerOrUndefined(q.search),
    category: lowerOrUndefined(q.category),
    subCategory: lowerOrUndefined(q.subCategory),
    option: lowerOrUndefined(q.option),
    subOption: lowerOrUndefined(q.subOption),
    minPricePaise: q.minPrice === undefined ? undefined : rupeesToPaise(q.minPrice),
    maxPricePaise: q.maxPrice === undefined ? undefined : rupeesToPaise(q.maxPrice),
    rating: q.rating,
    brand: asSet(q.brand),
    material: asSet(q.material),
    colour: asSet(q.colour),
    size: asSet(q.size),
    inStock: q.inStock ?? false,
    onSale: q.onSale ?? false,
    featured: q.featured ?? false,
  };
}

/**
 * The category node the path criteria name (the memory index keeps counts per node)
 * ([] the whole shop, then category, subcategory, option, suboption), when
 * they form a path from the top; undefined when a level is skipped (say a
 * subcategory without its category), which no kept count covers.
 */
export function categoryNode(f: ProductFilters): string[] | undefined {
  const levels = [f.category, f.subCategory, f.option, f.subOption];
  const depth = levels.indexOf(undefined);
  const path = (depth === -1 ? levels : levels.slice(0, depth)) as string[];
  return levels.slice(path.length).some((v) => v !== undefined) ? undefined : path;
}
