import { and, asc, count, eq, inArray, isNull, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { cartItems, carts } from '../../db/schema/shopping';

export type CartRow = typeof carts.$inferSelect;
export type CartLineRow = typeof cartItems.$inferSelect;

/** What the cart needs of a product, read live from `products`. Archived products are not found. */
export interface CartProductRow {
  id: string;
  name: string;
  pricePaise: number;
  discount: number;
  countInStock: number;
  colours: string[];
  sizes: string[];
  productImage: string | null;
  images: string[];
  hsn: string | null;
  gstRateBp: number;
}

const productColumns = {
  id: products.id,
  name: products.name,
  pricePaise: products.pricePaise,
  discount: products.discount,
  countInStock: products.countInStock,
  colours: products.colours,
  sizes: products.sizes,
  productImage: products.productImage,
  images: products.images,
  hsn: products.hsn,
  gstRateBp: products.gstRateBp,
};

/**
 * The user's cart row, made if missing, and locked until the transaction ends: one statement, so two
 * requests racing to make the first cart both get the one row, and every change to a cart waits for
 * the one before it (no lost update). Call inside a transaction.
 */
export async function openCart(db: DbOrTx, userId: string, now: Date): Promise<CartRow> {
  const [row] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: now } })
    .returning();
  return row!;
}

/** The user's cart row, locked until the transaction ends (`SELECT … FOR UPDATE`); undefined when there is none. */
export async function lockCart(db: DbOrTx, userId: string): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(eq(carts.userId, userId)).for('update');
  return row;
}

export async function findCart(db: DbOrTx, userId: string): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(eq(carts.userId, userId));
  return row;
}

/** Every line of a cart with its product as it is now, in the order they were added. */
export async function findCartLines(
  db: DbOrTx,
  cartId: string,
): Promise<{ line: CartLineRow; product: CartProductRow }[]> {
  return db
    .select({ line: cartItems, product: productColumns })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.cartId, cartId), isNull(products.archivedAt)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** The lines of one product in a cart (one per colour and size). */
export async function findProductLines(
  db: DbOrTx,
  cartId: string,
  productId: string,
): Promise<CartLineRow[]> {
  return db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** How many lines a cart holds, and when the newest was added (null when none). */
export async function cartLineStats(
  db: DbOrTx,
  cartId: string,
): Promise<{ lines: number; lastAddedAt: Date | null }> {
  const [row] = await db
    .select({ lines: count(), lastAddedAt: max(cartItems.createdAt) })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId));
  return { lines: row?.lines ?? 0, lastAddedAt: row?.lastAddedAt ?? null };
}

/** Live products by id (ids must be UUIDs); archived ones are left out. */
export async function findCartProducts(db: DbOrTx, ids: readonly string[]): Promise<CartProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(productColumns)
    .from(products)
    .where(and(inArray(products.id, [...ids]), isNull(products.archivedAt)));
}

/** A new line; the stored colour and size are '' for "none chosen" (the line's identity needs a value). */
export async function insertCartLine(
  db: DbOrTx,
  values: {
    cartId: string;
    productId: string;
    quantity: number;
    colour: string;
    size: string;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(cartItems).values(values);
}

export async function setLineQuantity(db: DbOrTx, lineId: string, quantity: number): Promise<void> {
  await db.update(cartItems).set({ quantity }).where(eq(cartItems.id, lineId));
}

/** Deletes the given lines of a cart; how many went. */
export async function deleteCartLines(
  db: DbOrTx,
  cartId: string,
  lineIds: readonly string[],
): Promise<number> {
  if (lineIds.length === 0) return 0;
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.id, [...lineIds])))
    .returning({ id: cartItems.id });
  return rows.length;
}

/** Empties a cart and drops its coupon. */
export async function emptyCart(db: DbOrTx, cartId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
  await db.update(carts).set({ couponId: null }).where(eq(carts.id, cartId));
}

export async function setCartCoupon(db: DbOrTx, cartId: string, couponId: string | null): Promise<void> {
  await db.update(carts).set({ couponId }).where(eq(carts.id, cartId));
}
