import type { ImportSummary } from '@bazaar/shared';
import type { DbOrTx } from '../../db/client';
import { comboKey, type PlannedProduct } from './import-plan';
import {
  deleteVariants,
  findVariantsOf,
  insertProducts,
  insertVariants,
  moveImportStockInBulk,
  type NewProduct,
  type NewVariant,
  type ProductColumns,
  type ProductUpdate,
  parkNewSkus,
  sumProductStock,
  updateProducts,
  updateVariants,
  type VariantRecord,
  type VariantWrite,
} from './product-import.repo';

/** A file's image value as the variant or product keeps it: a stored key, or the URL as given. */
export type ImageOf = (value: string | null, current: string | null) => string | null;

type StockMove = { variantId: string; change: number };

/**
 * Writes one slice of the planned products set-based (decision 222): one INSERT for the new products
 * (the database makes their colours × sizes variants), one UPDATE … FROM for the changed ones, then
 * the variants (deleted, renamed, inserted) and the stock moves with their ledger rows in a statement
 * each, and last each product's stock figure from its variants. The transaction has
 * `bazaar.variants_own` on, so no trigger re-spreads or re-sums anything meanwhile. Returns the ids.
 */
export async function writeSlice(
  tx: DbOrTx,
  slice: readonly PlannedProduct[],
  imageOf: ImageOf,
  summary: ImportSummary,
  actorId: string,
): Promise<string[]> {
  const ids = await writeProducts(tx, slice, imageOf, summary);
  const fresh = slice.filter((p) => !p.existing).map((p) => ids.get(p)!);
  const made = new Map<string, VariantRecord[]>();
  for (const v of await findVariantsOf(tx, fresh))
    made.set(v.productId, [...(made.get(v.productId) ?? []), v]);

  const deletes: string[] = [];
  const writes: VariantWrite[] = [];
  const inserts: NewVariant[] = [];
  const moves: StockMove[] = [];
  /** The SKU each variant the database just made holds now, and the one the file gives it. */
  const held = new Map<string, string>();
  const renamed = new Map<string, string>();
  for (const planned of slice) {
    const id = ids.get(planned)!;
    if (!planned.existing) {
      const wanted = new Set(planned.rows.map((r) => comboKey(r.row)));
      const byCombo = new Map<string, VariantRecord>();
      for (const v of made.get(id) ?? []) {
        if (wanted.has(comboKey(v))) byCombo.set(comboKey(v), v);
        else deletes.push(v.id);
      }
      for (const { row } of planned.rows) {
        const v = byCombo.get(comboKey(row));
        if (!v) throw new Error(`no variant for ${row.sku}`);
        held.set(v.sku, v.id);
        renamed.set(v.id, row.sku);
        const write = {
          id: v.id,
          sku: row.sku,
          pricePaise: row.variant_price,
          image: imageOf(row.image, v.image),
          active: row.active,
          position: v.position,
        };
        writes.push(write);
        if (row.stock !== v.stock) moves.push({ variantId: v.id, change: row.stock - v.stock });
        summary.variantsCreated++;
      }
      continue;
    }
    const options = optionsOf(planned);
    const place = positions(options.colours, options.sizes);
    const bySku = new Map(planned.variants.map((v) => [v.sku, v]));
    const listed = new Set<string>();
    for (const { row } of planned.rows) {
      const current = bySku.get(row.sku);
      if (!current) {
        const colour = row.colour === null ? null : (options.spelling.get(row.colour) ?? row.colour);
        inserts.push({
          productId: id,
          sku: row.sku,
          colour,
          size: row.size,
          position: place({ colour, size: row.size }) ?? planned.variants.length + inserts.length,
          pricePaise: row.variant_price,
          image: imageOf(row.image, null),
          active: row.active,
          stock: 0,
        });
        summary.variantsCreated++;
        continue;
      }
      listed.add(current.id);
      const wanted = {
        sku: row.sku,
        pricePaise: row.variant_price,
        image: imageOf(row.image, current.image),
        active: row.active,
      };
      const position = options.changed ? (place(current) ?? current.position) : current.position;
      const changes = Object.keys(changed(current, wanted)).length > 0;
      if (changes || position !== current.position) writes.push({ id: current.id, ...wanted, position });
      const stockChange = row.stock - current.stock;
      if (stockChange !== 0) moves.push({ variantId: current.id, change: stockChange });
      if (changes || stockChange !== 0) summary.variantsUpdated++;
      else summary.unchanged++;
    }
    // Variants the file leaves out keep everything but their place among the new colours and sizes.
    if (options.changed) {
      for (const v of planned.variants) {
        const position = place(v) ?? v.position;
        if (!listed.has(v.id) && position !== v.position) writes.push({ ...v, position });
      }
    }
  }

  await deleteVariants(tx, deletes);
  // A unique index is checked row by row even within one statement: when a SKU the file wants is
  // held by another variant the database just made, those variants are parked on "~" and their id first.
  const clash = [...writes, ...inserts].some((w) => {
    const holder = held.get(w.sku);
    return holder !== undefined && holder !== ('id' in w ? w.id : undefined);
  });
  if (clash) {
    await parkNewSkus(
      tx,
      [...renamed.entries()].filter(([id]) => !deletes.includes(id)).map(([id]) => id),
    );
  }
  await updateVariants(tx, writes);
  const inserted = await insertVariants(tx, inserts);
  if (inserted.length) {
    const stockOf = new Map(slice.flatMap((p) => p.rows.map((r) => [r.row.sku, r.row.stock] as const)));
    for (const v of inserted) {
      const stock = stockOf.get(v.sku) ?? 0;
      if (stock !== 0) moves.push({ variantId: v.id, change: stock });
    }
  }
  if ((await moveImportStockInBulk(tx, moves, actorId)) !== moves.length)
    throw new Error('an import stock move did not apply');
  const all = [...ids.values()];
  await sumProductStock(tx, all);
  return all;
}

/** The slice's products: new ones in one INSERT, changed ones in one UPDATE; their ids by plan. */
async function writeProducts(
  tx: DbOrTx,
  slice: readonly PlannedProduct[],
  imageOf: ImageOf,
  summary: ImportSummary,
): Promise<Map<PlannedProduct, string>> {
  const ids = new Map<PlannedProduct, string>();
  const fresh: { planned: PlannedProduct; values: NewProduct }[] = [];
  const updates: ProductUpdate[] = [];
  for (const planned of slice) {
    const columns = productColumns(planned);
    if (!planned.existing) {
      const image = imageOf(planned.rows.find((r) => r.row.image)?.row.image ?? null, null);
      fresh.push({
        planned,
        values: {
          ...columns,
          colours: unique(planned.rows.map((r) => r.row.colour)),
          sizes: unique(planned.rows.map((r) => r.row.size)),
          countInStock: 0,
          productImage: image,
          images: image ? [image] : [],
        } as NewProduct,
      });
      continue;
    }
    const existing = planned.existing;
    ids.set(planned, existing.id);
    const { colours, sizes } = optionsOf(planned);
    const wanted = { ...columns, sku: columns.sku ?? existing.sku, colours, sizes };
    if (Object.keys(changed(existing, wanted)).length) {
      updates.push({ id: existing.id, ...(wanted as Omit<ProductUpdate, 'id'>) });
      summary.productsUpdated++;
    }
  }
  // New products always have a product_sku (planImport), unique in the shop: the key back to the plan.
  const made = await insertProducts(
    tx,
    fresh.map((f) => f.values),
  );
  const bySku = new Map(made.map((r) => [r.sku, r.id]));
  for (const f of fresh) ids.set(f.planned, bySku.get(f.values.sku!)!);
  summary.productsCreated += fresh.length;
  await updateProducts(tx, updates);
  return ids;
}

function productColumns(planned: PlannedProduct): ProductColumns {
  const head = planned.rows[0]!.row;
  return {
    ...planned.path,
    name: head.name,
    description: head.description,
    brand: head.brand ?? 'Generic',
    pricePaise: head.price,
    discount: head.discount,
    hsn: head.hsn,
    gstRateBp: head.gst_rate,
    material: head.material,
    madeIn: head.made_in,
    seller: head.seller,
    tags: head.tags,
    isFeatured: head.featured,
    ...(head.product_sku ? { sku: head.product_sku } : {}),
  };
}

/**
 * An existing product's colours and sizes after the import (its own, then the file's new ones), the
 * product's spelling of each colour, and whether they changed.
 */
function optionsOf(planned: PlannedProduct) {
  const existing = planned.existing!;
  const colours = union(existing.colours, unique(planned.rows.map((r) => r.row.colour)), (c) =>
    c.toLowerCase(),
  );
  const sizes = union(existing.sizes, unique(planned.rows.map((r) => r.row.size)), (s) => s);
  const spelling = new Map<string, string>();
  for (const c of colours) if (!spelling.has(c.toLowerCase())) spelling.set(c.toLowerCase(), c);
  const changed = colours.length !== existing.colours.length || sizes.length !== existing.sizes.length;
  return { colours, sizes, spelling, changed };
}

/**
 * A variant's place among its product's colours × sizes, as catalogue_variant_combos (0033) numbers
 * them: colours first, then sizes, a value listed twice counted once; undefined for one not listed.
 */
function positions(colours: string[], sizes: string[]) {
  const index = (values: string[]) => {
    const firsts = new Map<string | null, number>();
    const list = values.length ? values : [null];
    for (const v of list) if (!firsts.has(v)) firsts.set(v, firsts.size);
    return firsts;
  };
  const c = index(colours);
  const s = index(sizes);
  return (v: { colour: string | null; size: string | null }) => {
    const ci = c.get(v.colour);
    const si = s.get(v.size);
    return ci === undefined || si === undefined ? undefined : ci * s.size + si;
  };
}

function unique(values: (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== null))];
}

/** `base` with the values of `extra` it lacks (compared by `key`), in order. */
function union(base: string[], extra: string[], key: (v: string) => string): string[] {
  const seen = new Set(base.map(key));
  return [...base, ...extra.filter((v) => !seen.has(key(v)))];
}

/** The columns of `wanted` whose value differs from the row's. */
function changed<T extends object>(row: T, wanted: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(wanted) as [keyof T, T[keyof T]][]) {
    if (JSON.stringify(row[k]) !== JSON.stringify(v)) out[k] = v;
  }
  return out;
}
