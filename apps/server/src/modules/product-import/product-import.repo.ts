import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, products, productVariants } from '../../db/schema/catalogue';

// The queries of Import/Export: reads in slices, and the writes of one product at a time.

export type ProductRecord = typeof products.$inferSelect;
export type VariantRecord = typeof productVariants.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductColumns = Partial<Omit<NewProduct, 'id' | 'createdAt' | 'updatedAt' | 'countInStock'>>;
export type VariantColumns = Partial<Pick<VariantRecord, 'sku' | 'pricePaise' | 'image' | 'active'>>;

const SLICE = 1000;

export async function findCategoryTree(db: DbOrTx) {
  return db.select().from(categories);
}

/** The variants these SKUs name, with whether their product is live. */
export async function findVariantsBySku(db: DbOrTx, skus: readonly string[]) {
  const found: { variant: VariantRecord; archived: boolean }[] = [];
  for (let i = 0; i < skus.length; i += SLICE) {
    const rows = await db
      .select({ variant: productVariants, archivedAt: products.archivedAt })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(productVariants.sku, skus.slice(i, i + SLICE)));
    for (const r of rows) found.push({ variant: r.variant, archived: r.archivedAt !== null });
  }
  return found;
}

/** Products (live or archived) by id or by SKU. */
export async function findProducts(db: DbOrTx, by: 'id' | 'sku', keys: readonly string[]) {
  const found: ProductRecord[] = [];
  const column = by === 'id' ? products.id : products.sku;
  for (let i = 0; i < keys.length; i += SLICE) {
    found.push(
      ...(await db
        .select()
        .from(products)
        .where(inArray(column, keys.slice(i, i + SLICE)))),
    );
  }
  return found;
}

/** Every variant of these products, in their order. */
export async function findVariantsOf(db: DbOrTx, productIds: readonly string[]) {
  const found: VariantRecord[] = [];
  for (let i = 0; i < productIds.length; i += SLICE) {
    found.push(
      ...(await db
        .select()
        .from(productVariants)
        .where(inArray(productVariants.productId, productIds.slice(i, i + SLICE)))
        .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id))),
    );
  }
  return found;
}

/** One slice of live products in id order after `afterId`, with their variants. */
export async function findExportSlice(db: DbOrTx, afterId: string | null, limit: number) {
  const rows = await db
    .select()
    .from(products)
    .where(afterId ? and(isNull(products.archivedAt), gt(products.id, afterId)) : isNull(products.archivedAt))
    .orderBy(asc(products.id))
    .limit(limit);
  const variants = await findVariantsOf(
    db,
    rows.map((r) => r.id),
  );
  return { rows, variants };
}

export async function insertProduct(tx: DbOrTx, values: NewProduct): Promise<string> {
  const [row] = await tx.insert(products).values(values).returning({ id: products.id });
  return row!.id;
}

export async function updateProduct(tx: DbOrTx, id: string, changes: ProductColumns): Promise<void> {
  await tx.update(products).set(changes).where(eq(products.id, id));
}

/**
 * Gives the variants the database just made a SKU nobody can mean ("~" and its id), so the file's
 * SKUs can be set on them in any order without meeting one of them on the way.
 */
export async function parkNewSkus(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(productVariants)
    .set({ sku: sql`'~' || ${productVariants.id}::text` })
    .where(inArray(productVariants.id, [...ids]));
}

export async function updateVariant(tx: DbOrTx, id: string, changes: VariantColumns): Promise<void> {
  await tx.update(productVariants).set(changes).where(eq(productVariants.id, id));
}

export async function deleteVariants(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(productVariants).where(inArray(productVariants.id, [...ids]));
}

/** Moves stock by `change` with reason 'import' (a ledger row, naming the admin); false if it would go below 0. */
export async function moveImportStock(tx: DbOrTx, variantId: string, change: number, actorId: string) {
  const result = (await tx.execute(
    sql`select inventory_move(${variantId}::uuid, ${change}::int, 'import', null, ${actorId}::uuid) as "left"`,
  )) as unknown as { rows: { left: number | null }[] };
  const left = result.rows[0]?.left;
  return left !== null && left !== undefined;
}

/**
 * Many stock moves at once, each with reason 'import' and its ledger row naming the admin: what
 * `inventory_move` writes for one variant, as one statement for all of them, so the triggers that
 * keep each product's figure (and its listing row) run once per slice instead of once per variant.
 * Returns how many moved; a move that would take a variant below 0 does not.
 */
export async function moveImportStockInBulk(
  tx: DbOrTx,
  moves: readonly { variantId: string; change: number }[],
  actorId: string,
): Promise<number> {
  if (moves.length === 0) return 0;
  const values = sql.join(
    moves.map((m) => sql`(${m.variantId}::uuid, ${m.change}::int)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    with d(id, change) as (values ${values}),
    moved as (
      update product_variants v set stock = v.stock + d.change from d
        where v.id = d.id and v.stock + d.change >= 0
        returning v.id, d.change, v.stock
    ), booked as (
      insert into inventory_ledger (variant_id, change, reason, order_id, actor_id, resulting_stock)
        select id, change, 'import', null, ${actorId}::uuid, stock from moved
        returning 1
    )
    select count(*)::int as n from booked`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

/** Sets SKU, price, image and active on several variants in one statement. */
export async function updateVariants(
  tx: DbOrTx,
  rows: readonly {
    id: string;
    sku: string;
    pricePaise: number | null;
    image: string | null;
    active: boolean;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.sku}::text, ${r.pricePaise}::int, ${r.image}::text, ${r.active}::boolean)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update product_variants v set sku = d.sku, price_paise = d.price, image = d.image, active = d.active
    from (values ${values}) as d(id, sku, price, image, active) where v.id = d.id`);
}
