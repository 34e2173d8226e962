import {
  discountedPaise,
  idSchema,
  type ProductFacets,
  type ProductListParams,
  type ProductSort,
  type ProductSuggestions,
  paiseToRupees,
} from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client';
import type { ReplyText } from '../../lib/cache/reply-cache';
import { badRequest, notFound } from '../../lib/errors';
import { type CatalogueService, imageUrl } from '../catalogue/index';
import { pruneListingChanges } from './listing-changes.repo';
import { decodeCursor, encodeCursor } from './listing-cursor';
import type { ListingIndex, PagePosition, PageRow } from './listing-index';
import { MemoryListingIndex } from './memory-index/memory-listing-index';
import type { ListingSummary } from './product-facets';
import { type ProductFilters, toFilters } from './product-filters';
import { findProductWithRelated } from './product-page.repo';
import { IndexedProductSearch, type ProductSearch } from './product-search';
import { SqlRunner } from './sql-runner';

const RELATED_LIMIT = 8;
/**
 * How long the log of listing changes is kept: a process that has not caught up for longer (it
 * catches up on every read and on every change it hears of) reads the whole listing again.
 */
const CHANGE_LOG_KEEP_MINUTES = 60;

/** Facets written out once per summary object: an index may hand out the same one to many listings. */
const writtenFacets = new WeakMap<ProductFacets, string>();
function facetsJson(facets: ProductFacets): string {
  let json = writtenFacets.get(facets);
  if (json === undefined) {
    json = JSON.stringify(facets);
    writtenFacets.set(facets, json);
  }
  return json;
}
const SUGGESTION_LIMIT = 6;

export interface ListingServiceDeps {
  db: Db;
  /** The driver under `db`: the storefront's reads run on it directly (SqlRunner). */
  database: Database;
  log: FastifyBaseLogger;
  /** Whose change announcements the index follows. */
  catalogue: CatalogueService;
  /** Where listings come from; by default the catalogue kept in this process's memory. */
  index?: ListingIndex;
  /** Where searches and type-ahead go; by default the index's own matching (product-search.ts). */
  search?: ProductSearch;
}

/**
 * What shoppers browse: listings with their facets, search and type-ahead,
 * and product pages. Replies are JSON text (ReplyText) with the products
 * spliced in as the database keeps them; the reply cache (listing-replies.ts)
 * sends them as bytes.
 */
export class ListingService {
  private readonly index: ListingIndex;
  private readonly search: ProductSearch;
  private readonly sql: SqlRunner;
  private listening: Promise<() => void> | undefined;

  constructor(private readonly deps: ListingServiceDeps) {
    this.sql = new SqlRunner(deps.database);
    this.index = deps.index ?? new MemoryListingIndex(this.sql, deps.log);
    this.search = deps.search ?? new IndexedProductSearch(this.index, this.sql);
  }

  /** Ready to answer listings: following catalogue changes, and the index loaded. */
  async start(): Promise<void> {
    // Each change is a hint to catch up before the next request finds out (answers are exact without it).
    this.listening ??= this.deps.catalogue.onChange(() => this.index.changed());
    await this.listening;
    await this.index.start();
  }

  async close(): Promise<void> {
    (await this.listening)?.();
    await this.index.close();
  }

  /** Forgets catalogue changes older than an hour (any process may; each row goes once). */
  async pruneChangeLog(): Promise<void> {
    const pruned = await pruneListingChanges(this.deps.db, CHANGE_LOG_KEEP_MINUTES);
    if (pruned > 0) this.deps.log.debug({ pruned }, 'catalogue change log pruned');
  }

  /**
   * One page of products matching the filters, with the total and the facet
   * counts. A page starts at `page` or, given a cursor from an earlier reply, just
   * after it (`nextCursor`: seek paging, which no insert or delete between
   * pages can shift, and which costs the same however deep).
   */
  async list(q: ProductListParams): Promise<ReplyText> {
    const filters = this.filtersOf(q);
    const sort = q.sort ?? 'featured';
    const at: PagePosition = q.cursor
      ? { after: decodeCursor(q.cursor, sort).key }
      : { offset: (q.page - 1) * q.limit };
    // One more than a page: whether there is a next page, without counting.
    const page = { sort, limit: q.limit + 1, at };
    const found = await (filters.search ? this.search.search(filters, page) : this.index.list(filters, page));
    return this.listReply(q, sort, found.rows, found.summary);
  }

  /** A ProductList of up to `q.limit` of `rows` (one more: there is a next page), its products spliced in as written. */
  private listReply(
    q: ProductListParams,
    sort: ProductSort,
    rows: PageRow[],
    { total, facets }: ListingSummary,
  ): ReplyText {
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    const nextCursor = rows.length > q.limit && last ? encodeCursor({ sort, key: last.key }) : null;
    // A ProductList, its products spliced in as the database wrote them (the routes check it outside production).
    return {
      json: `{"products":[${page.map((row) => row.json).join(',')}],"total":${total},"page":${q.page},"pages":${Math.ceil(total / q.limit)},"facets":${facetsJson(facets)},"nextCursor":${JSON.stringify(nextCursor)}}`,
    };
  }

  /**
   * One product and up to eight related products of its category, in stock
   * first: a ProductDetail, with the ids of the products it shows.
   */
  async detail(id: string): Promise<ReplyText> {
    // A malformed id cannot name a product; asking the database would only fail.
    if (!idSchema.safeParse(id).success) throw notFound('Product not found');
    const rows = await findProductWithRelated(this.sql, id, RELATED_LIMIT);
    const product = rows.find((r) => !r.related);
    if (!product) throw notFound('Product not found');
    const related = rows.filter((r) => r.related);
    return {
      json: `{"product":${product.json},"related":[${related.map((r) => r.json).join(',')}],"variants":${product.variants ?? '[]'}}`,
      ids: [product.id, ...related.map((r) => r.id)],
    };
  }

  /** Type-ahead: the first few products whose name contains the term, names starting with it first. */
  async suggest(term: string): Promise<ProductSuggestions> {
    const t = term.trim().toLowerCase();
    if (!t) return { suggestions: [] };
    const rows = await this.search.suggest(t, SUGGESTION_LIMIT);
    return {
      suggestions: rows.map((r) => ({
        _id: r.id,
        name: r.name,
        category: r.category,
        salePrice: paiseToRupees(discountedPaise(r.pricePaise, r.discount)),
        productImage: r.productImage ? imageUrl(r.productImage) : null,
      })),
    };
  }

  private filtersOf(q: ProductListParams): ProductFilters {
    if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
      throw badRequest('Invalid maxPrice: must not be below minPrice', {
        maxPrice: 'must not be below minPrice',
      });
    }
    return toFilters(q);
  }
}
