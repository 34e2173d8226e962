import type { ProductSort } from '@bazaar/shared';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogueListing as l, products as p } from '../../db/schema/catalogue';
import {
  FEATURED_KEYS,
  findFacetRows,
  findListingHits,
  type ListingHit,
  type ListingOrder,
  listingOrder,
  type OrderKey,
  type PagePosition,
} from './listing.repo';
import { type ListingSummary, toFacetSummary } from './product-facets';
import type { ProductFilters } from './product-filters';
import type { ProductSearch, SuggestionRow } from './product-search';
import { likePattern } from './products.repo';

/** What a term matches, and how well: a name containing it first, then full-text rank, then featured. */
interface TextMatch {
  where: SQL;
  rank: OrderKey[];
}

/**
 * Words of the term as a prefix query ("wireless head" → wireless:* & head:*);
 * only letters and digits reach to_tsquery, so no term can make it fail.
 */
function prefixQuery(term: string): string | undefined {
  const words = term.match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

function textMatch(term: string): TextMatch {
  const pattern = likePattern(term);
  // Trigram indexes on name and category serve the substring match.
  const inName = sql`(${l.name} like ${pattern})`;
  const query = prefixQuery(term);
  const rank: OrderKey[] = [{ expr: inName, type: 'boolean' }];
  // Weighted: words of the name (A) count above the category path (B), brand, material and tags (C).
  if (query) rank.push({ expr: sql`ts_rank(${l.document}, to_tsquery('simple', ${query}))`, type: 'real' });
  return { where: sql`(${inName} or ${l.category} like ${pattern})`, rank };
}

/**
 * Search in PostgreSQL itself: matching is a case-insensitive substring of
 * the name or category (trigram indexes on catalogue_listing); the default
 * order puts name matches first and ranks them by weighted full text (name
 * words over category path over brand, material and tags), then featured.
 * Facets count the matches once gathered.
 */
export class PostgresProductSearch implements ProductSearch {
  constructor(private readonly db: Db) {}

  page(f: ProductFilters, sort: ProductSort, limit: number, at: PagePosition): Promise<ListingHit[]> {
    const match = textMatch(f.search ?? '');
    const order: ListingOrder =
      sort === 'featured'
        ? { keys: [...match.rank, ...FEATURED_KEYS], descending: true }
        : listingOrder(sort);
    return findListingHits(this.db, f, order, limit, at, match.where);
  }

  async summarize(f: ProductFilters): Promise<ListingSummary> {
    return toFacetSummary(await findFacetRows(this.db, f, textMatch(f.search ?? '').where));
  }

  suggest(term: string, limit: number): Promise<SuggestionRow[]> {
    const contains = likePattern(term);
    // The same pattern without its leading %: names that start with the term.
    const startsWith = contains.slice(1);
    return this.db
      .select({
        id: p.id,
        name: p.name,
        category: p.category,
        pricePaise: p.pricePaise,
        discount: p.discount,
        productImage: p.productImage,
      })
      .from(l)
      .innerJoin(p, eq(p.id, l.productId))
      .where(sql`${l.name} like ${contains}`)
      .orderBy(sql`${l.name} like ${startsWith} desc`, desc(l.rating), l.productId)
      .limit(limit);
  }
}
