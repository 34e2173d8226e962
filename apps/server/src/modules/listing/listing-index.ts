import type { ProductSort } from '@bazaar/shared';
import type { ListingSummary } from './product-facets';
import type { ProductFilters } from './product-filters';

/** Where a page starts: an offset (page numbers) or just after a cursor's key (seek). */
export type PagePosition = { offset: number } | { after: string[] };

/** A product of a page, as its reply shows it (JSON text, spliced in unparsed), with its sort key as a cursor carries it. */
export interface PageRow {
  json: string;
  key: string[];
}

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
 * is read. A search term is matched too (the built-in ProductSearch asks
 * here), a substring of the name or category, case-insensitive, as the spec
 * asks; the default order of a search ranks by relevance.
 *
 * The one implementation keeps the catalogue in each server's memory
 * (memory-index/, decision 177), fed from catalogue_listing and its change log.
 */
export interface ListingIndex {
  /** A page and the listing's summary. */
  list(filters: ProductFilters, page: PageRequest): Promise<ListedPage>;
  /** The listing's total and facets alone. */
  summarize(filters: ProductFilters): Promise<ListingSummary>;
  /** Products may have changed: a hint to catch up before the next request finds out (answers are exact without it). */
  changed(): void;
  /** Ready to answer (loaded). */
  start(): Promise<void>;
  close(): Promise<void>;
}
