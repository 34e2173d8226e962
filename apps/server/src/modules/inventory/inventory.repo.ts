import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { products, productVariants as v } from '../../db/schema/catalogue';
import { inventoryLedger, inventorySettings } from '../../db/schema/inventory';
import { users } from '../../db/schema/users';

// The admin's variant and stock queries. Stock itself only moves through inventory_move().

export type VariantRow = typeof v.$inferSelect;
export type NewVariantRow = typeof v.$inferInsert;

/** The shop's low-stock threshold (one row, made by migration 0034). */
export async function findShopThreshold(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: inventorySettings.lowStockThreshold }).from(inventorySettings).limit(1);
  return row?.n ?? 5;
}

export async function setShopThreshold(db: DbOrTx, n: number): Promise<void> {
  await db
    .insert(inventorySettings)
    .values({ id: 1, lowStockThreshold: n })
    .onConflictDoUpdate({
      target: inventorySettings.id,
      set: { lowStockThreshold: n, updatedAt: sql`now()` },
    });
}

export async function findLiveProduct(db: DbOrTx, id: string, lock = false) {
  const q = db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      pricePaise: products.pricePaise,
      discount: products.discount,
      productImage: products.productImage,
      images: products.images,
    })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.archivedAt)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
export type ProductHead = NonNullable<Awaited<ReturnType<typeof findLiveProduct>>>;

/**
 * The product's variants in their order. With `lock`, locked in id order first (the order a sale takes
 * them in), so an admin's write and a checkout never deadlock.
 */
export async function findVariantsOf(db: DbOrTx, productId: string, lock = false): Promise<VariantRow[]> {
  if (lock)
    await db.select({ id: v.id }).from(v).where(eq(v.productId, productId)).orderBy(v.id).for('update');
  return db.select().from(v).where(eq(v.productId, productId)).orderBy(asc(v.position), asc(v.id));
}

export async function findVariant(db: DbOrTx, id: string): Promise<VariantRow | undefined> {
  const [row] = await db.select().from(v).where(eq(v.id, id)).limit(1);
  return row;
}

/** Which of these SKUs a variant outside `exceptIds` already has. */
export async function takenSkus(db: DbOrTx, skus: string[], exceptIds: string[]): Promise<string[]> {
  if (skus.length === 0) return [];
  const rows = await db.select({ sku: v.sku, id: v.id }).from(v).where(inArray(v.sku, skus));
  const except = new Set(exceptIds);
  return rows.filter((r) => !except.has(r.id)).map((r) => r.sku);
}

export async function insertVariants(db: DbOrTx, rows: NewVariantRow[]): Promise<void> {
  if (rows.length) await db.insert(v).values(rows);
}

/** Column changes of many variants in one statement; a field null in a row (or left out) stays. */
export interface VariantColumns {
  id: string;
  sku?: string;
  active?: boolean;
  position?: number;
  /** undefined: unchanged; null: the product's. */
  pricePaise?: number | null;
  image?: string | null;
  lowStockThreshold?: number | null;
}

export async function updateVariantColumns(db: DbOrTx, rows: VariantColumns[]): Promise<void> {
  if (rows.length === 0) return;
  const data = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      sku: r.sku ?? null,
      active: r.active ?? null,
      position: r.position ?? null,
      set_price: r.pricePaise !== undefined,
      price: r.pricePaise ?? null,
      set_image: r.image !== undefined,
      image: r.image ?? null,
      set_threshold: r.lowStockThreshold !== undefined,
      threshold: r.lowStockThreshold ?? null,
    })),
  );
  await db.execute(sql`
    update product_variants v set
      sku = coalesce(x.sku, v.sku),
      active = coalesce(x.active, v.active),
      position = coalesce(x.position, v.position),
      price_paise = case when x.set_price then x.price else v.price_paise end,
      image = case when x.set_image then x.image else v.image end,
      low_stock_threshold = case when x.set_threshold then x.threshold else v.low_stock_threshold end
    from jsonb_to_recordset(${data}::jsonb) as x(id uuid, sku text, active boolean, position int,
      set_price boolean, price int, set_image boolean, image text, set_threshold boolean, threshold int)
    where v.id = x.id`);
}

/**
 * Moves many variants' stock as 'adjustment's by `actor`, each through inventory_move (a ledger row
 * each, with `note`). Returns the ids refused because the stock would go below 0.
 */
export async function adjustStock(
  db: DbOrTx,
  moves: { id: string; change: number }[],
  actorId: string,
  note: string | null,
): Promise<string[]> {
  const real = moves.filter((m) => m.change !== 0);
  if (real.length === 0) return [];
  await db.execute(sql`select set_config('bazaar.stock_note', ${note ?? ''}, true)`);
  const result = (await db.execute(sql`
    select x.id::text as id, inventory_move(x.id, x.change, 'adjustment', null, ${actorId}::uuid) as "left"
    from jsonb_to_recordset(${JSON.stringify(real)}::jsonb) as x(id uuid, change int)`)) as unknown as {
    rows: { id: string; left: number | null }[];
  };
  return result.rows.filter((r) => r.left === null).map((r) => r.id);
}

/** Admin variant writes: the product's colours, sizes and stock figure follow the variants (0034). */
export async function ownVariants(db: DbOrTx, actorId: string): Promise<void> {
  await db.execute(
    sql`select set_config('bazaar.variants_own', 'on', true), set_config('bazaar.actor_id', ${actorId}, true)`,
  );
}

/**
 * The product's stock figure and variants JSON from its active variants: the end of every admin variant
 * write (0034, 0043). Its
 * updated_at moves too, so an open edit form reloads the figure instead of sending the old one back.
 */
export async function sumProductStock(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`
    update products p set count_in_stock = s.total, updated_at = now()
    from (select coalesce(sum(stock) filter (where active), 0)::int as total
          from product_variants where product_id = ${id}) s
    where p.id = ${id}`);
  await writeVariantsJson(db, [id]);
}

/**
 * The product page's variants JSON (product_variants_json, 0043), which a transaction owning its variant
 * writes (`bazaar.variants_own`) writes once at its end instead of once per statement.
 */
export async function writeVariantsJson(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`select catalogue_variants_json_write(${`{${ids.join(',')}}`}::uuid[])`);
}

export async function setProductOptions(
  db: DbOrTx,
  id: string,
  colours: string[],
  sizes: string[],
): Promise<void> {
  await db.update(products).set({ colours, sizes }).where(eq(products.id, id));
}

/** One page of a variant's ledger, newest first, with the admin each row names. */
export async function findLedgerPage(db: DbOrTx, variantId: string, limit: number, offset: number) {
  const where = eq(inventoryLedger.variantId, variantId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: inventoryLedger.id,
        change: inventoryLedger.change,
        reason: inventoryLedger.reason,
        resultingStock: inventoryLedger.resultingStock,
        note: inventoryLedger.note,
        orderId: inventoryLedger.orderId,
        actorId: users.id,
        actorEmail: users.email,
        createdAt: inventoryLedger.createdAt,
      })
      .from(inventoryLedger)
      .leftJoin(users, eq(users.id, inventoryLedger.actorId))
      .where(where)
      .orderBy(desc(inventoryLedger.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(inventoryLedger).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Stock at or below the variant's threshold, or the shop's. */
export const isLow = (shop: SQL | number) =>
  sql<boolean>`${v.active} and ${v.stock} <= coalesce(${v.lowStockThreshold}, ${shop})`;

/** Variants of live products across the shop, by product name or SKU, optionally only the low ones. */
export async function findStockPage(
  db: DbOrTx,
  q: { search?: string; lowOnly: boolean; threshold: number; limit: number; offset: number },
) {
  const conditions: SQL[] = [isNull(products.archivedAt)];
  if (q.search) {
    const pattern = likePattern(q.search.toLowerCase());
    conditions.push(sql`(lower(${products.name}) like ${pattern} or lower(${v.sku}) like ${pattern})`);
  }
  if (q.lowOnly) conditions.push(isLow(q.threshold));
  const where = and(...conditions);
  const order = q.lowOnly
    ? [asc(v.stock), asc(products.name), asc(v.position)]
    : [asc(products.name), asc(products.id), asc(v.position)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        variant: v,
        productName: products.name,
        pricePaise: products.pricePaise,
        discount: products.discount,
      })
      .from(v)
      .innerJoin(products, eq(products.id, v.productId))
      .where(where)
      .orderBy(...order, asc(v.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(v).innerJoin(products, eq(products.id, v.productId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findVariantWithProduct(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      variant: v,
      productName: products.name,
      pricePaise: products.pricePaise,
      discount: products.discount,
    })
    .from(v)
    .innerJoin(products, eq(products.id, v.productId))
    .where(and(eq(v.id, id), isNull(products.archivedAt)))
    .limit(1);
  return row;
}
