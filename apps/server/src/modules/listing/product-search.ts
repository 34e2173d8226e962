import type { ListedPage, ListingIndex, PageRequest, SuggestionRow } from './listing-index';
import type { ProductFilters } from './product-filters';
import type { SqlRunner } from './sql-runner';
import { findSuggestions } from './suggestions.repo';

/**
 * Catalogue search behind one interface: a shop that outgrows the built-in
 * search implements it over a search engine (fed from products and
 * catalogue_listing_changes) and hands it in as ListingServiceDeps.search;
 * browse listings, the routes and the reply cache do not change.
 */
export interface ProductSearch {
  /**
   * A page of the products matching `filters.search` (a lower-cased substring of the name or the
   * category, as the spec asks) and every other filter, with their total and facet counts,
   * disjunctive as a browse's are; the default order ranks by relevance.
   */
  search(filters: ProductFilters, page: PageRequest): Promise<ListedPage>;
  /** Type-ahead: the first few products whose name contains the (lower-cased) term, names starting with it first. */
  suggest(term: string, limit: number): Promise<SuggestionRow[]>;
}

/**
 * The built-in search: the listing index matches and ranks (in memory, by the
 * names' trigrams and the document's weights), PostgreSQL's trigram index on
 * names answers type-ahead.
 */
export class IndexedProductSearch implements ProductSearch {
  constructor(
    private readonly index: ListingIndex,
    private readonly sql: SqlRunner,
  ) {}

  search(filters: ProductFilters, page: PageRequest): Promise<ListedPage> {
    return this.index.list(filters, page);
  }

  suggest(term: string, limit: number): Promise<SuggestionRow[]> {
    return findSuggestions(this.sql, term, limit);
  }
}
