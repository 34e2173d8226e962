import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products as p } from '../../db/schema/catalogue';
import type { ProductRow } from './product-view';

// Single products by id. Listings, facets and search read catalogue_listing (listing.repo.ts,
// postgres-product-search.ts).

/** Escapes LIKE wildcards so a shopper's `%` or `_` matches itself. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Archived products (deleted by an admin, kept for past orders) are never shown to shoppers. */
const live = isNull(p.archivedAt);

export async function findById(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.id, id), live))
    .limit(1);
  return row;
}

/**
 * Products of the same category as the given one, in stock first, then best
 * rated. The category comes from a subquery so this runs alongside findById
 * (served by products_related_idx).
 */
export function findRelated(db: DbOrTx, id: string, limit: number): Promise<ProductRow[]> {
  const category = db.select({ category: p.category }).from(p).where(eq(p.id, id));
  return db
    .select()
    .from(p)
    .where(and(eq(p.category, sql`(${category})`), sql`${p.id} <> ${id}`, live))
    .orderBy(sql`(${p.countInStock} > 0) desc`, sql`${p.rating} desc`, sql`${p.id} desc`)
    .limit(limit);
}
