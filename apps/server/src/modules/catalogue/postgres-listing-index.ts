import { findFacetRows, findListingPageAndFacets } from './facet-counts.repo';
import {
  findListingPage,
  findProductsByIds,
  type ListingHit,
  listingOrder,
  type PageRow,
} from './listing.repo';
import type { ListedPage, ListingIndex, PageRequest, SuggestionRow } from './listing-index';
import { PostgresProductSearch } from './postgres-product-search';
import { type ListingSummary, toFacetSummary } from './product-facets';
import type { ProductFilters } from './product-filters';
import type { SqlRunner } from './sql-runner';

/**
 * Listings read from PostgreSQL on every request (CATALOGUE_INDEX=postgres):
 * pages by seek over catalogue_listing's indexes, counts from the kept
 * catalogue_facet_counts and price-band counts where they cover the filters
 * and from the rows otherwise, search by trigram indexes ranked with weighted
 * full text. Nothing is held in the server's memory.
 */
export class PostgresListingIndex implements ListingIndex {
  private readonly search: PostgresProductSearch;

  constructor(private readonly sql: SqlRunner) {
    this.search = new PostgresProductSearch(sql);
  }

  async list(
    f: ProductFilters,
    page: PageRequest,
    summary?: () => Promise<ListingSummary>,
  ): Promise<ListedPage> {
    // Without kept summaries, a browse counts in the statement that finds its page, and so does a search.
    if (!summary && !f.search) {
      const found = await findListingPageAndFacets(this.sql, f, listingOrder(page.sort), page.limit, page.at);
      return { rows: found.rows, summary: toFacetSummary(found.facets) };
    }
    const [found, counted] = await Promise.all([this.findPage(f, page, !summary), summary?.()]);
    return { rows: found.rows, summary: counted ?? found.summary ?? (await this.summarize(f)) };
  }

  async summarize(f: ProductFilters): Promise<ListingSummary> {
    if (f.search) return this.search.summarize(f);
    return toFacetSummary(await findFacetRows(this.sql, f));
  }

  suggest(term: string, limit: number): Promise<SuggestionRow[]> {
    return this.search.suggest(term, limit);
  }

  changed(): void {}

  async start(): Promise<void> {}

  async close(): Promise<void> {}

  /** The page's rows; with `withSummary`, the summary too when the same statement gives it (a search). */
  private async findPage(
    f: ProductFilters,
    page: PageRequest,
    withSummary: boolean,
  ): Promise<{ rows: PageRow[]; summary?: ListingSummary }> {
    if (!f.search)
      return { rows: await findListingPage(this.sql, f, listingOrder(page.sort), page.limit, page.at) };
    const { hits, summary }: { hits: ListingHit[]; summary?: ListingSummary } = await this.search.search(
      f,
      page,
      withSummary,
    );
    const found = await findProductsByIds(
      this.sql,
      hits.map((h) => h.id),
    );
    const byId = new Map(found.map((r) => [r.id, r]));
    // A product archived since the search found it is left out rather than shown.
    const rows = hits.flatMap((h) => {
      const row = byId.get(h.id);
      return row ? [{ json: row.json, key: h.key }] : [];
    });
    return summary ? { rows, summary } : { rows };
  }
}
