import {
  discountedPaise,
  idSchema,
  type ProductDetail,
  type ProductFacets,
  type ProductList,
  type ProductListParams,
  type ProductSuggestions,
  paiseToRupees,
  RATING_FILTER_VALUES,
} from '@bazaar/shared';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { imageUrl } from './image-url';
import { filtersKey, likePattern, type ProductFilters, toFilters } from './product-filters';
import { toProduct } from './product-view';
import {
  type FacetRow,
  findById,
  findFacetRows,
  findPage,
  findRelated,
  findSuggestions,
} from './products.repo';
import { TtlCache } from './ttl-cache';

const RELATED_LIMIT = 8;
const SUGGESTION_LIMIT = 6;
/** A facet lists at most this many values, the most frequent first. */
const FACET_VALUE_LIMIT = 100;

interface Summary {
  total: number;
  facets: ProductFacets;
}

export interface CatalogueServiceOptions {
  /**
   * How long totals, facets and suggestions are reused for an identical query.
   * Catalogue edits show in those counts after at most this delay; 0 turns it off.
   */
  cacheTtlMs: number;
}

/** The shopper's read-only view of the catalogue. */
export function createProductsService(db: Db, options: CatalogueServiceOptions) {
  const summaries = new TtlCache<Promise<Summary>>(options.cacheTtlMs, 500);
  const suggestionCache = new TtlCache<Promise<ProductSuggestions>>(options.cacheTtlMs, 500);

  async function summarise(f: ProductFilters): Promise<Summary> {
    const key = filtersKey(f);
    const cached = summaries.get(key);
    if (cached) return cached;
    // The promise itself is cached so concurrent identical requests share one query.
    const pending = findFacetRows(db, f).then(toSummary);
    summaries.set(key, pending);
    pending.catch(() => summaries.clear());
    return pending;
  }

  return {
    async list(q: ProductListParams): Promise<ProductList> {
      if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
        throw badRequest('Invalid maxPrice: must not be below minPrice', {
          maxPrice: 'must not be below minPrice',
        });
      }
      const f = toFilters(q);
      const sort = q.sort ?? 'featured';
      const [rows, summary] = await Promise.all([
        findPage(db, f, sort, q.limit, (q.page - 1) * q.limit),
        summarise(f),
      ]);
      return {
        products: rows.map(toProduct),
        total: summary.total,
        page: q.page,
        pages: Math.ceil(summary.total / q.limit),
        facets: summary.facets,
      };
    },

    async detail(id: string): Promise<ProductDetail> {
      // A malformed id cannot name a product; asking the database would only fail.
      const row = idSchema.safeParse(id).success ? await findById(db, id) : undefined;
      if (!row) throw notFound('Product not found');
      const related = await findRelated(db, row, RELATED_LIMIT);
      return { product: toProduct(row), related: related.map(toProduct) };
    },

    async suggest(term: string): Promise<ProductSuggestions> {
      const t = term.trim().toLowerCase();
      if (!t) return { suggestions: [] };
      const cached = suggestionCache.get(t);
      if (cached) return cached;
      const prefix = `${likePattern(t).slice(1)}`;
      const pending = findSuggestions(db, likePattern(t), prefix, SUGGESTION_LIMIT).then((rows) => ({
        suggestions: rows.map((r) => ({
          _id: r.id,
          name: r.name,
          category: r.category,
          salePrice: paiseToRupees(discountedPaise(r.pricePaise, r.discount)),
          productImage: r.productImage ? imageUrl(r.productImage) : null,
        })),
      }));
      suggestionCache.set(t, pending);
      pending.catch(() => suggestionCache.clear());
      return pending;
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;

function toSummary(rows: FacetRow[]): Summary {
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
