import { PRODUCT_SORTS, type ProductSort, RATING_MAX } from '@bazaar/shared/constants';
import type { ProductListParams } from '@bazaar/shared/schemas/catalogue';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** The sort dropdown's wording; a new sort in packages/shared will not type-check until it has a label. */
export const SORT_LABELS: Record<ProductSort, string> = {
  featured: 'Featured',
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  rating: 'Customer Rating',
  newest: 'Newest',
  size: 'Size: Small to Large',
};
const SORTS = new Set<string>(PRODUCT_SORTS);

export const LIST_FILTERS = [
  'brand',
  'material',
  'colour',
  'size',
] as const satisfies readonly (keyof ProductListParams)[];
export type ListFilter = (typeof LIST_FILTERS)[number];

/**
 * Everything a listing is narrowed and ordered by, as the API's parsed query (packages/shared) with
 * every list and flag present; all of it lives in the URL query.
 */
export type ListingFilters = Pick<ProductListParams, 'minPrice' | 'maxPrice' | 'rating'> &
  Required<Pick<ProductListParams, ListFilter | 'inStock' | 'onSale' | 'sort' | 'page'>>;

/** Query keys that count as filters (Clear All keeps the sort). */
const FILTER_KEYS = ['minPrice', 'maxPrice', 'rating', ...LIST_FILTERS, 'inStock', 'onSale'] as const;

function money(value: string | null): number | undefined {
  if (value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** Reads the filters from the URL, dropping what the API would refuse (a hand-edited link stays usable). */
export function readFilters(params: URLSearchParams): ListingFilters {
  const rating = Number(params.get('rating'));
  const page = Number(params.get('page'));
  const sort = params.get('sort') ?? '';
  const list = (key: ListFilter) => [...new Set(params.getAll(key).filter(Boolean))];
  const flag = (key: string) => params.get(key) === 'true';
  return {
    minPrice: money(params.get('minPrice')),
    maxPrice: money(params.get('maxPrice')),
    rating: Number.isInteger(rating) && rating >= 1 && rating <= RATING_MAX ? rating : undefined,
    brand: list('brand'),
    material: list('material'),
    colour: list('colour'),
    size: list('size'),
    inStock: flag('inStock'),
    onSale: flag('onSale'),
    sort: SORTS.has(sort) ? (sort as ProductSort) : 'featured',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function hasActiveFilters(f: ListingFilters): boolean {
  return (
    f.minPrice !== undefined ||
    f.maxPrice !== undefined ||
    f.rating !== undefined ||
    LIST_FILTERS.some((key) => f[key].length > 0) ||
    f.inStock ||
    f.onSale
  );
}

type Patch = Partial<Record<(typeof FILTER_KEYS)[number] | 'sort' | 'page', string | string[] | undefined>>;

/**
 * The URL after a change: a patch, or a function of the URL as it is when the change applies (a second
 * tick made before the first one's URL has rendered must build on it, not on the render's copy).
 */
export function applyPatch(current: URLSearchParams, change: Patch | ((current: URLSearchParams) => Patch)) {
  const patch = typeof change === 'function' ? change(current) : change;
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    next.delete(key);
    if (Array.isArray(value)) for (const v of value) next.append(key, v);
    else if (value !== undefined && value !== '') next.set(key, value);
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}

/**
 * The listing's filters, sort and page from the URL, and setters that write
 * them back as new history entries, so a listing can be shared and Back works.
 * Any change but paging starts again at page 1.
 */
export function useListingFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  // The URL last asked for: React Router hands a setter function the params of the last render, so a
  // second tick made before the first one's navigation has rendered would undo it (the brand race).
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const update = (change: Patch | ((current: URLSearchParams) => Patch)) => {
    const next = applyPatch(latest.current, change);
    latest.current = next;
    setParams(next, { preventScrollReset: true });
  };

  return {
    filters,
    active: hasActiveFilters(filters),
    setPrice(min: number | undefined, max: number | undefined) {
      update({
        minPrice: min === undefined ? undefined : String(min),
        maxPrice: max === undefined ? undefined : String(max),
      });
    },
    setRating(rating: number | undefined) {
      update({ rating: rating === undefined ? undefined : String(rating) });
    },
    toggleValue(key: ListFilter, value: string) {
      update((current) => {
        const values = readFilters(current)[key];
        return { [key]: values.includes(value) ? values.filter((v) => v !== value) : [...values, value] };
      });
    },
    setFlag(key: 'inStock' | 'onSale', on: boolean) {
      update({ [key]: on ? 'true' : undefined });
    },
    setSort(sort: ProductSort) {
      update({ sort: sort === 'featured' ? undefined : sort });
    },
    setPage(page: number) {
      update({ page: page > 1 ? String(page) : undefined });
    },
    clearFilters() {
      update(Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])));
    },
  };
}
