import { and, asc, count, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, productVariants } from '../../db/schema/catalogue';
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
  /** On a cart line: the line's variant, and `countInStock`/`pricePaise` are that variant's. */
  variantId?: string | null;
  sku?: string | null;
}

/** A variant as the cart needs it. */
export interface CartVariantRow {
  id: string;
  sku: string;
  stock: number;
  pricePaise: number | null;
  active: boolean;
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

/**
 * Every line of a cart with its product as it is now, in the order they were added; the product's
 * stock and price are those of the line's variant (a switched-off variant has none in stock).
 */
export async function findCartLines(
  db: DbOrTx,
  cartId: string,
): Promise<{ line: CartLineRow; product: CartProductRow }[]> {
  return db
    .select({
      line: cartItems,
      product: {
        ...productColumns,
        countInStock: sql<number>`coalesce(case when ${productVariants.active} then ${productVariants.stock} else 0 end, 0)`,
        pricePaise: sql<number>`coalesce(${productVariants.pricePaise}, ${products.pricePaise})`,
        variantId: productVariants.id,
        sku: productVariants.sku,
      },
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(and(eq(cartItems.cartId, cartId), isNull(products.archivedAt)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

const variantColumns = {
  id: productVariants.id,
  sku: productVariants.sku,
  stock: productVariants.stock,
  pricePaise: productVariants.pricePaise,
  active: productVariants.active,
};

/**
 * The variant a line in this colour and size sells ('' for either: any, an active one in stock
 * first; `catalogue_line_variant`, migration 0033).
 */
export async function findLineVariant(
  db: DbOrTx,
  productId: string,
  colour: string,
  size: string,
): Promise<CartVariantRow | undefined> {
  const [row] = await db
    .select(variantColumns)
    .from(productVariants)
    .where(eq(productVariants.id, sql`catalogue_line_variant(${productId}::uuid, ${colour}, ${size})`));
  return row;
}

export async function findVariant(db: DbOrTx, id: string): Promise<CartVariantRow | undefined> {
  const [row] = await db.select(variantColumns).from(productVariants).where(eq(productVariants.id, id));
  return row;
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
    variantId: string;
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
