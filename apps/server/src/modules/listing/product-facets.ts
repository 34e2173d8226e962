import { type ProductFacets, paiseToRupees, RATING_FILTER_VALUES } from '@bazaar/shared';

/** One line of a listing's summary: a facet's value and its count, or the total or a price bound (value null). */
export interface FacetRow {
  facet: string;
  value: string | null;
  n: number;
}

/** A facet lists at most this many values, the most frequent first. */
const FACET_VALUE_LIMIT = 100;

/** What a listing's filters match, whatever its sort and page. */
export interface ListingSummary {
  total: number;
  facets: ProductFacets;
}

/** The total and the facets of a listing, from its rows (the index's tally). */
export function toFacetSummary(rows: FacetRow[]): ListingSummary {
  const values = (facet: string) =>
    rows
      .filter((r) => r.facet === facet && r.value !== null)
      .map((r) => ({ value: r.value as string, count: Number(r.n) }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
      .slice(0, FACET_VALUE_LIMIT);
  const single = (facet: string) => {
    const n = rows.find((r) => r.facet === facet)?.n;
    return n === null || n === undefined ? undefined : Number(n);
  };
  const ratingCounts = new Map(rows.filter((r) => r.facet === 'rating').map((r) => [Number(r.value), r.n]));
  const min = single('price-min');
  const max = single('price-max');
  return {
    total: single('total') ?? 0,
    facets: {
      brand: values('brand'),
      material: values('material'),
      colour: values('colour'),
      size: values('size'),
      rating: RATING_FILTER_VALUES.map((value) => ({ value, count: Number(ratingCounts.get(value) ?? 0) })),
      price: {
        min: min === undefined ? 0 : paiseToRupees(min),
        max: max === undefined ? 0 : paiseToRupees(max),
      },
    },
  };
}
