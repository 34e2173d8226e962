import type { ProductSort } from '@bazaar/shared';
import {
  FEATURED_KEYS,
  findMatches,
  type ListingHit,
  type ListingOrder,
  listingOrder,
  type MatchCondition,
  type OrderKey,
  type PagePosition,
} from './listing.repo';
import type { SuggestionRow } from './listing-index';
import { type ListingSummary, toFacetSummary } from './product-facets';
import type { ProductFilters } from './product-filters';
import { likePattern } from './products.repo';
import { searchWords } from './search-words';
import type { Params, SqlRunner } from './sql-runner';

/**
 * Words of the term as a prefix query ("wireless head" → wireless:* & head:*);
 * only letters and digits reach to_tsquery, so no term can make it fail.
 */
export function prefixQuery(term: string): string | undefined {
  const words = searchWords(term);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

/**
 * A term's condition and, for the default order, its ranking keys; both refer
 * to the same parameters, taken once per statement.
 */
function textMatch(term: string) {
  // Each parameter is taken when first used, so a statement carries only those it refers to.
  let pattern: string | undefined;
  let tsquery: string | undefined;
  const query = prefixQuery(term);
  // Trigram indexes on name and category serve the substring match.
  const where: MatchCondition = (params) => {
    pattern ??= params.add(likePattern(term));
    return `(l.name like ${pattern} or l.category like ${pattern})`;
  };
  const rank = (params: Params): OrderKey[] => {
    pattern ??= params.add(likePattern(term));
    const keys: OrderKey[] = [{ expr: `(l.name like ${pattern})`, type: 'boolean' }];
    // Weighted: words of the name (A) above the category path (B), above brand, material and tags (C).
    if (query) {
      tsquery ??= params.add(query);
      keys.push({ expr: `ts_rank(l.document, to_tsquery('simple', ${tsquery}))`, type: 'real' });
    }
    return keys;
  };
  return { where, rank };
}

/**
 * Search in PostgreSQL itself: matching is a case-insensitive substring of
 * the name or category (trigram indexes on catalogue_listing); the default
 * order puts name matches first and ranks them by weighted full text (name
 * words over category path over brand, material and tags), then featured.
 * Facets count the matches once gathered.
 */
export class PostgresProductSearch {
  constructor(private readonly sql: SqlRunner) {}

  async search(
    f: ProductFilters,
    page: { sort: ProductSort; limit: number; at: PagePosition },
    withSummary: boolean,
  ): Promise<{ hits: ListingHit[]; summary?: ListingSummary }> {
    const match = textMatch(f.search ?? '');
    // The ranking keys refer to the term's parameters, which the match took for its condition.
    const order =
      page.sort === 'featured'
        ? (params: Params): ListingOrder => ({
            keys: [...match.rank(params), ...FEATURED_KEYS],
            descending: true,
          })
        : listingOrder(page.sort);
    const { hits, facets } = await findMatches(
      this.sql,
      f,
      match.where,
      { order, limit: page.limit, at: page.at },
      withSummary,
    );
    return withSummary ? { hits, summary: toFacetSummary(facets) } : { hits };
  }

  async summarize(f: ProductFilters): Promise<ListingSummary> {
    const { facets } = await findMatches(this.sql, f, textMatch(f.search ?? '').where, undefined, true);
    return toFacetSummary(facets);
  }

  suggest(term: string, limit: number): Promise<SuggestionRow[]> {
    const contains = likePattern(term);
    // The same pattern without its leading %: names that start with the term.
    const startsWith = contains.slice(1);
    return this.sql.rows<SuggestionRow>(
      `select p.id, p.name, p.category, p.price_paise as "pricePaise", p.discount, p.product_image as "productImage"
       from catalogue_listing l join products p on p.id = l.product_id
       where l.name like $1 order by l.name like $2 desc, l.rating desc, l.product_id limit $3::int`,
      [contains, startsWith, limit],
    );
  }
}
