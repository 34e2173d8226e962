import type { ProductSort } from '@bazaar/shared';
import type { PagePosition, PageRow } from './listing.repo';
import type { ListingSummary } from './product-facets';
import type { ProductFilters } from './product-filters';

/** A type-ahead suggestion's fields, as the products table holds them. */
export interface SuggestionRow {
  id: string;
  name: string;
  category: string;
  pricePaise: number;
  discount: number;
  productImage: string | null;
}

/** Which page: its order, how many rows (a page and one more, which tells whether another follows), from where. */
export interface PageRequest {
  sort: ProductSort;
  limit: number;
  at: PagePosition;
}

/** A page's products (JSON as the database keeps it, with their sort keys) and the listing's total and facets. */
export interface ListedPage {
  rows: PageRow[];
  summary: ListingSummary;
}

/**
 * Where the storefront's listings come from: one page of the products
 * matching the filters (a search term among them) in the asked order, with
 * how many match and the facet counts, disjunctive (a facet's own selection
 * never narrows its counts), exact for the catalogue as it is when the page
 * is read. Search is a substring of the name or category, case-insensitive,
 * as the spec asks; the default order of a search ranks by relevance.
 *
 * Chosen once by CATALOGUE_INDEX (create-listing-index.ts): the catalogue
 * kept in each server's memory, or PostgreSQL's own indexes and kept counts.
 * A search engine (a shop that outgrows both) implements this interface over
 * its own index, fed from catalogue_listing_changes, and the routes and the
 * service do not change.
 */
export interface ListingIndex {
  /**
   * A page and the listing's summary. `summary`, when given, is where the
   * caller keeps summaries per filter set (the reply cache's): an index whose
   * counting costs more than its paging may take it from there instead.
   */
  list(
    filters: ProductFilters,
    page: PageRequest,
    summary?: () => Promise<ListingSummary>,
  ): Promise<ListedPage>;
  /** The listing's total and facets alone. */
  summarize(filters: ProductFilters): Promise<ListingSummary>;
  /** Type-ahead: the first few products whose name contains the (lower-cased) term, names starting with it first. */
  suggest(term: string, limit: number): Promise<SuggestionRow[]>;
  /** Products may have changed: a hint to catch up before the next request finds out (answers are exact without it). */
  changed(): void;
  /** Ready to answer; an index that keeps nothing is ready at once. */
  start(): Promise<void>;
  close(): Promise<void>;
}
