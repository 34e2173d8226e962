import { likePattern } from '../../db/like-pattern';
import type { SuggestionRow } from './listing-index';
import type { SqlRunner } from './sql-runner';

/**
 * Type-ahead: the first products whose (lower-cased) name contains the term,
 * names starting with it first, then best rated; served by the name's trigram
 * index on catalogue_listing.
 */
export function findSuggestions(sql: SqlRunner, term: string, limit: number): Promise<SuggestionRow[]> {
  const contains = likePattern(term);
  // The same pattern without its leading %: names that start with the term.
  const startsWith = contains.slice(1);
  return sql.rows<SuggestionRow>(
    `select p.id, p.name, p.category, p.price_paise as "pricePaise", p.discount, p.product_image as "productImage"
     from catalogue_listing l join products p on p.id = l.product_id
     where l.name like $1 order by l.name like $2 desc, l.rating desc, l.product_id limit $3::int`,
    [contains, startsWith, limit],
  );
}
