import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, products, productVariants } from '../../db/schema/catalogue';

// The queries of Import/Export: reads in slices, and the writes of a slice of products, a statement each.

export type ProductRecord = typeof products.$inferSelect;
export type VariantRecord = typeof productVariants.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductColumns = Partial<Omit<NewProduct, 'id' | 'createdAt' | 'updatedAt' | 'countInStock'>>;
export type NewVariant = typeof productVariants.$inferInsert;
/** Every column an import writes on a product, by id. */
export type ProductUpdate = { id: string } & Required<
  Pick<
    NewProduct,
    | 'category'
    | 'subCategory'
    | 'option'
    | 'subOption'
    | 'name'
    | 'description'
    | 'brand'
    | 'pricePaise'
    | 'discount'
    | 'hsn'
    | 'gstRateBp'
    | 'material'
    | 'madeIn'
    | 'seller'
    | 'tags'
    | 'isFeatured'
    | 'sku'
    | 'colours'
    | 'sizes'
  >
>;
/** Every column an import writes on a variant, by id. */
export type VariantWrite = Pick<VariantRecord, 'id' | 'sku' | 'pricePaise' | 'image' | 'active' | 'position'>;

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

/** New products in one statement; the database gives each its colours × sizes variants. */
export async function insertProducts(tx: DbOrTx, rows: readonly NewProduct[]) {
  if (rows.length === 0) return [];
  return tx
    .insert(products)
    .values([...rows])
    .returning({ id: products.id, sku: products.sku });
}

/** Many products' columns in one UPDATE … FROM (the rows as one JSON value, typed by the record). */
export async function updateProducts(tx: DbOrTx, rows: readonly ProductUpdate[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      category: r.category,
      sub_category: r.subCategory,
      option: r.option,
      sub_option: r.subOption,
      name: r.name,
      description: r.description,
      brand: r.brand,
      price_paise: r.pricePaise,
      discount: r.discount,
      hsn: r.hsn,
      gst_rate_bp: r.gstRateBp,
      material: r.material,
      made_in: r.madeIn,
      seller: r.seller,
      tags: r.tags,
      is_featured: r.isFeatured,
      sku: r.sku,
      colours: r.colours,
      sizes: r.sizes,
    })),
  );
  await tx.execute(sql`
    update products p set category = d.category, sub_category = d.sub_category, option = d.option,
      sub_option = d.sub_option, name = d.name, description = d.description, brand = d.brand,
      price_paise = d.price_paise, discount = d.discount, hsn = d.hsn, gst_rate_bp = d.gst_rate_bp,
      material = d.material, made_in = d.made_in, seller = d.seller, tags = d.tags,
      is_featured = d.is_featured, sku = d.sku, colours = d.colours, sizes = d.sizes, updated_at = now()
    from jsonb_to_recordset(${json}::jsonb) as d(id uuid, category text, sub_category text, option text,
      sub_option text, name text, description text, brand text, price_paise int, discount smallint,
      hsn text, gst_rate_bp int, material text, made_in text, seller text, tags text[],
      is_featured boolean, sku text, colours text[], sizes text[])
    where p.id = d.id`);
}

/** New variants of existing products in one statement (stock 0: the file's comes as a ledger move). */
export async function insertVariants(tx: DbOrTx, rows: readonly NewVariant[]) {
  if (rows.length === 0) return [];
  return tx
    .insert(productVariants)
    .values([...rows])
    .returning({ id: productVariants.id, sku: productVariants.sku });
}

/**
 * Each product's stock figure from its active variants, in one statement, then their variants JSON
 * (0043): the import's transaction has `bazaar.variants_own` on, so the per-statement triggers leave
 * both to this (0034).
 */
export async function sumProductStock(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    update products p set count_in_stock = s.total
    from (select v.product_id, (coalesce(sum(v.stock) filter (where v.active), 0))::int as total
          from product_variants v where v.product_id in (${list}) group by v.product_id) s
    where p.id = s.product_id and p.count_in_stock <> s.total`);
  await tx.execute(sql`select catalogue_variants_json_write(array[${list}])`);
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

export async function deleteVariants(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(productVariants).where(inArray(productVariants.id, [...ids]));
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

/** Sets SKU, price, image, active and place on several variants in one UPDATE … FROM (VALUES …). */
export async function updateVariants(tx: DbOrTx, rows: readonly VariantWrite[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.sku}::text, ${r.pricePaise}::int, ${r.image}::text, ${r.active}::boolean, ${r.position}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update product_variants v set sku = d.sku, price_paise = d.price, image = d.image, active = d.active,
      position = d.position
    from (values ${values}) as d(id, sku, price, image, active, position) where v.id = d.id`);
}
