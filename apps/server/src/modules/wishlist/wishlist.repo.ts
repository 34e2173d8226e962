import { and, asc, count, eq, inArray, isNull, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { wishlistItems } from '../../db/schema/shopping';
import { users } from '../../db/schema/users';

export type WishlistProductRow = typeof products.$inferSelect;

/** The user's wishlist with each product as it is now, oldest first; archived products are left out. */
export async function findWishlist(
  db: DbOrTx,
  userId: string,
): Promise<{ product: WishlistProductRow; addedAt: Date }[]> {
  return db
    .select({ product: products, addedAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), isNull(products.archivedAt)))
    .orderBy(asc(wishlistItems.createdAt), asc(products.id));
}

/** Ids of the given products that exist and are not archived (ids must be UUIDs). */
export async function findLiveProductIds(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...ids]), isNull(products.archivedAt)));
  return rows.map((r) => r.id);
}

/**
 * Adds products to the wishlist; the primary key keeps one entry per product, so a repeat (or two
 * requests at once) adds nothing. Returns how many were new.
 */
export async function insertWishlistItems(
  db: DbOrTx,
  userId: string,
  productIds: readonly string[],
  createdAt: Date,
): Promise<number> {
  if (productIds.length === 0) return 0;
  const rows = await db
    .insert(wishlistItems)
    // One millisecond apart, so the wishlist keeps the order they came in.
    .values(
      productIds.map((productId, i) => ({ userId, productId, createdAt: new Date(createdAt.getTime() + i) })),
    )
    .onConflictDoNothing()
    .returning({ productId: wishlistItems.productId });
  return rows.length;
}

/** When the user's newest wishlist entry was added (null for an empty wishlist). */
export async function findNewestAddedAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(wishlistItems.createdAt) })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId));
  return row?.at ?? null;
}

export async function deleteWishlistItem(db: DbOrTx, userId: string, productId: string): Promise<void> {
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

/**
 * Locks the user's row until the transaction ends, so wishlist changes of one user run one at a time
 * (its size is checked, then added to). NO KEY UPDATE: inserts referencing the row are not blocked.
 */
export async function lockWishlistOwner(db: DbOrTx, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** How many products are in the user's wishlist, archived ones included (they take a place until removed). */
export async function countWishlist(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.userId, userId));
  return row?.n ?? 0;
}

/** Which of these products are in the user's wishlist already. */
export async function findWishlisted(db: DbOrTx, userId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, [...ids])));
  return rows.map((r) => r.id);
}
