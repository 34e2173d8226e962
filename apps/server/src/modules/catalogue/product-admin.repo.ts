import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { products as p, productVariants } from '../../db/schema/catalogue';
import { orderItems } from '../../db/schema/orders';
import { cartItems, wishlistItems } from '../../db/schema/shopping';
import type { ProductRow } from './product-view';

// The admin's product queries: its own list and the writes. The storefront's reads stay in products.repo.ts.

export type NewProductRow = typeof p.$inferInsert;
export type ProductChanges = Partial<Omit<NewProductRow, 'id' | 'createdAt' | 'updatedAt' | 'archivedAt'>>;

const live = isNull(p.archivedAt);

/** Every text the admin's search covers (the spec's list), as one lower-cased string. */
const searchable = sql`lower(concat_ws(' ', ${p.name}, ${p.description}, ${p.brand}, ${p.category}, ${p.sku},
  ${p.seller}, ${p.material}, ${p.madeIn}, array_to_string(${p.tags}, ' '), array_to_string(${p.colours}, ' '),
  array_to_string(${p.sizes}, ' ')))`;

/** One page of live products, newest first; the total matching, and how many live products there are. */
export async function findAdminProductPage(
  db: DbOrTx,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: ProductRow[]; total: number; all: number }> {
  const where = search ? and(live, sql`${searchable} like ${likePattern(search)}`) : live;
  const [rows, [matching], [everything]] = await Promise.all([
    db.select().from(p).where(where).orderBy(desc(p.createdAt), desc(p.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(p).where(where),
    db.select({ n: count() }).from(p).where(live),
  ]);
  return { rows, total: matching?.n ?? 0, all: everything?.n ?? 0 };
}

/** The live product, locked until the transaction ends: no other write or checkout changes it meanwhile. */
/** The admin whose write moves stock in this transaction: its ledger rows name them (migration 0033). */
export async function setStockActor(tx: DbOrTx, adminId: string): Promise<void> {
  await tx.execute(sql`select set_config('bazaar.actor_id', ${adminId}, true)`);
}

/**
 * Before an admin's write, the product's variants are locked in id order, then the product: the
 * order a sale takes them in (a variant, then its product's figure), so the two never deadlock. The
 * ledger rows the write makes (stock spread over the variants) name the admin. Returns how many
 * variants the product has.
 */
export async function lockVariantsFor(tx: DbOrTx, id: string, adminId: string): Promise<number> {
  await setStockActor(tx, adminId);
  const rows = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(productVariants.id)
    .for('update');
  return rows.length;
}

/**
 * The admin's product form brings the variants in step itself (0034's `bazaar.variants_own`): new
 * colours or sizes get variants without moving stock, a stock figure it may set is spread by
 * `syncVariants`, and `sumVariantStock` then writes the product's figure as a statement of its own
 * (so the listing's statement trigger sees it).
 */
export async function ownVariantWrites(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select set_config('bazaar.variants_own', 'on', true)`);
}

/** 0040's catalogue_sync_variants: `target` null leaves stock alone; `options` makes new combinations. */
export async function syncVariants(
  tx: DbOrTx,
  id: string,
  target: number | null,
  options: boolean,
): Promise<void> {
  await tx.execute(
    sql`select catalogue_sync_variants(${id}::uuid, ${target}::int, 'adjustment', ${options}::boolean)`,
  );
}

/**
 * The product's stock figure from its active variants, when it differs, then the product page's
 * variants JSON (0043), which a transaction owning its variant writes writes once, here.
 */
export async function sumVariantStock(tx: DbOrTx, id: string): Promise<void> {
  await tx.execute(sql`
    update products p set count_in_stock = s.total
    from (select coalesce(sum(stock) filter (where active), 0)::int as total
          from product_variants where product_id = ${id}) s
    where p.id = ${id} and p.count_in_stock <> s.total`);
  await tx.execute(sql`select catalogue_variants_json_write(array[${id}::uuid])`);
}

export async function lockLiveProduct(tx: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await tx
    .select()
    .from(p)
    .where(and(eq(p.id, id), live))
    .limit(1)
    .for('update');
  return row;
}

export async function insertProduct(db: DbOrTx, values: NewProductRow): Promise<ProductRow> {
  const [row] = await db.insert(p).values(values).returning();
  return row!;
}

export async function updateProduct(db: DbOrTx, id: string, changes: ProductChanges): Promise<ProductRow> {
  const [row] = await db.update(p).set(changes).where(eq(p.id, id)).returning();
  return row!;
}

export async function findProductRow(db: DbOrTx, id: string): Promise<ProductRow> {
  const [row] = await db.select().from(p).where(eq(p.id, id));
  return row!;
}

export async function deleteProduct(db: DbOrTx, id: string): Promise<void> {
  await db.delete(p).where(eq(p.id, id));
}

/**
 * Hides a product past orders name: kept for their records, gone from the
 * storefront, and taken out of every cart and wishlist.
 */
export async function archiveProduct(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(p).set({ archivedAt: at }).where(eq(p.id, id));
  await db.delete(cartItems).where(eq(cartItems.productId, id));
  await db.delete(wishlistItems).where(eq(wishlistItems.productId, id));
}

export async function isInAnyOrder(db: DbOrTx, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(orderItems)
    .where(eq(orderItems.productId, productId))
    .limit(1);
  return row !== undefined;
}

/** Which of these stored images (as keys or URLs) some order item still shows. */
export async function imagesInOrders(db: DbOrTx, values: readonly string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ image: orderItems.image })
    .from(orderItems)
    .where(inArray(orderItems.image, [...values]));
  return new Set(rows.map((r) => r.image).filter((v): v is string => v !== null));
}
