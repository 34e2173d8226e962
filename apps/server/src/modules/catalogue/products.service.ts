import {
  discountedPaise,
  idSchema,
  type ProductDetail,
  type ProductFacets,
  type ProductList,
  type ProductListParams,
  paiseToRupees,
  productDetailSchema,
  productListSchema,
  productSuggestionsSchema,
  RATING_FILTER_VALUES,
} from '@bazaar/shared';
import type { z } from 'zod';
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

/** How many TTLs a stale reply may still be served while a fresh one is loaded. */
const STALE_FACTOR = 12;
/**
 * Background refreshes at once, per cache. Entries loaded together expire
 * together; refreshing them all at once would starve the requests being served.
 */
const MAX_REFRESHES = 4;
/** Entries live 80–120% of the TTL, spreading their refreshes over time. */
const TTL_JITTER = 0.2;

export interface CatalogueServiceOptions {
  /**
   * How long a reply (listing page, totals and facets, detail, suggestions) is
   * reused for an identical request. Catalogue edits reach shoppers after at
   * most this delay; 0 turns caching off.
   */
  cacheTtlMs: number;
}

/** The shopper's read-only view of the catalogue. */
export function createProductsService(db: Db, options: CatalogueServiceOptions) {
  const ttl = options.cacheTtlMs;
  const stale = ttl * STALE_FACTOR;
  const summaries = new TtlCache<Promise<Summary>>(ttl, 500, stale, TTL_JITTER);
  // Replies are kept as the JSON text sent, so a hit costs no validation or serialisation.
  const pages = new TtlCache<Promise<string>>(ttl, 500, stale, TTL_JITTER);
  const details = new TtlCache<Promise<string>>(ttl, 2000, stale, TTL_JITTER);
  const suggestionCache = new TtlCache<Promise<string>>(ttl, 500, stale, TTL_JITTER);
  // Keys being refreshed in the background, per cache.
  const refreshing = new WeakMap<object, Set<string>>();

  /**
   * The cached promise itself is shared, so concurrent identical requests
   * make one query; a failure is never kept. A stale entry is answered at once
   * and refreshed in the background (once per key at a time, a few keys at a
   * time), so shoppers never wait on an expiry.
   */
  function cached<V>(cache: TtlCache<Promise<V>>, key: string, load: () => Promise<V>): Promise<V> {
    const hit = cache.get(key);
    if (hit) return hit;
    const old = cache.getStale(key);
    if (old) {
      const inFlight = refreshing.get(cache) ?? new Set<string>();
      refreshing.set(cache, inFlight);
      if (!inFlight.has(key) && inFlight.size < MAX_REFRESHES) {
        inFlight.add(key);
        load()
          .then((value) => cache.set(key, Promise.resolve(value)))
          .catch(() => cache.deleteIf(key, old))
          .finally(() => inFlight.delete(key));
      }
      return old;
    }
    const pending = load();
    cache.set(key, pending);
    pending.catch(() => cache.deleteIf(key, pending));
    return pending;
  }

  const summarise = (f: ProductFilters) =>
    cached(summaries, filtersKey(f), () => findFacetRows(db, f).then(toSummary));

  async function loadPage(f: ProductFilters, q: ProductListParams): Promise<string> {
    const [rows, summary] = await Promise.all([
      findPage(db, f, q.sort ?? 'featured', q.limit, (q.page - 1) * q.limit),
      summarise(f),
    ]);
    const list: ProductList = {
      products: rows.map(toProduct),
      total: summary.total,
      page: q.page,
      pages: Math.ceil(summary.total / q.limit),
      facets: summary.facets,
    };
    return toJson(productListSchema, list);
  }

  async function loadDetail(id: string): Promise<string> {
    const [row, related] = await Promise.all([findById(db, id), findRelated(db, id, RELATED_LIMIT)]);
    if (!row) throw notFound('Product not found');
    const detail: ProductDetail = { product: toProduct(row), related: related.map(toProduct) };
    return toJson(productDetailSchema, detail);
  }

  return {
    /** One page as the JSON text of a ProductList. */
    async list(q: ProductListParams): Promise<string> {
      if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
        throw badRequest('Invalid maxPrice: must not be below minPrice', {
          maxPrice: 'must not be below minPrice',
        });
      }
      const f = toFilters(q);
      const key = `${filtersKey(f)}|${q.sort ?? 'featured'}|${q.page}|${q.limit}`;
      return cached(pages, key, () => loadPage(f, q));
    },

    /** One product and its related products as the JSON text of a ProductDetail. */
    detail(id: string): Promise<string> {
      // A malformed id cannot name a product; asking the database would only fail.
      if (!idSchema.safeParse(id).success) return Promise.reject(notFound('Product not found'));
      return cached(details, id, () => loadDetail(id));
    },

    /** Type-ahead suggestions as the JSON text of ProductSuggestions. */
    async suggest(term: string): Promise<string> {
      const t = term.trim().toLowerCase();
      if (!t) return toJson(productSuggestionsSchema, { suggestions: [] });
      const pattern = likePattern(t);
      // The same pattern without its leading %: names that start with the term.
      const prefix = pattern.slice(1);
      return cached(suggestionCache, t, async () => {
        const rows = await findSuggestions(db, pattern, prefix, SUGGESTION_LIMIT);
        return toJson(productSuggestionsSchema, {
          suggestions: rows.map((r) => ({
            _id: r.id,
            name: r.name,
            category: r.category,
            salePrice: paiseToRupees(discountedPaise(r.pricePaise, r.discount)),
            productImage: r.productImage ? imageUrl(r.productImage) : null,
          })),
        });
      });
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;

/** Checks a reply against its schema once, when it is made, and keeps its JSON text. */
function toJson<T>(schema: z.ZodType<T>, value: T): string {
  return JSON.stringify(schema.parse(value));
}

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
