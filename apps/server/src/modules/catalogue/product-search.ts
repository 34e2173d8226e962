import type { ProductSort } from '@bazaar/shared';
import type { ListingHit, PagePosition } from './listing.repo';
import type { ListingSummary } from './product-facets';
import type { ProductFilters } from './product-filters';

export interface SuggestionRow {
  id: string;
  name: string;
  category: string;
  pricePaise: number;
  discount: number;
  productImage: string | null;
}

/**
 * Finds products by a shopper's search term (`filters.search`, lower-cased),
 * within the listing's other filters: a substring of the name or the category,
 * case-insensitive, as the spec asks. The catalogue service asks it for every
 * listing with a term and for type-ahead suggestions, and fetches the products
 * it names itself; so a shop that outgrows PostgreSQL's own search implements
 * this over a search engine (keeping it fed from catalogue changes) and passes
 * it to CatalogueService, without touching the routes.
 */
export interface ProductSearch {
  /**
   * Up to `limit` matching products in `sort` order ('featured' ranks by
   * relevance first), from `at`, each with the key a cursor resumes after;
   * and, when `withSummary`, how many match and their facet counts, from the
   * same search (an engine answers both at once; so does PostgreSQL).
   */
  search(
    filters: ProductFilters,
    page: { sort: ProductSort; limit: number; at: PagePosition },
    withSummary: boolean,
  ): Promise<{ hits: ListingHit[]; summary?: ListingSummary }>;
  /** How many products match and their facet counts, disjunctive as a listing's are. */
  summarize(filters: ProductFilters): Promise<ListingSummary>;
  /** The first few products whose name contains the term, names starting with it first. */
  suggest(term: string, limit: number): Promise<SuggestionRow[]>;
}
