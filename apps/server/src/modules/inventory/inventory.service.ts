import {
  type AdminVariant,
  type AdminVariantList,
  DASHBOARD_LOW_STOCK_MAX,
  type LedgerQuery,
  type LedgerReply,
  type StockList,
  type StockParams,
  type StockRow,
  type StockSettings,
  type VariantBulkInput,
  type VariantChanges,
  type variantGenerateSchema,
  variantSalePaise,
} from '@bazaar/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Actor, AuditService } from '../audit/index';
import { type CatalogueService, imageUrl, storedValueOf } from '../catalogue/index';
import {
  adjustStock,
  findLedgerPage,
  findLiveProduct,
  findShopThreshold,
  findStockPage,
  findVariantsOf,
  findVariantWithProduct,
  insertVariants,
  type NewVariantRow,
  ownVariants,
  type ProductHead,
  setProductOptions,
  setShopThreshold,
  sumProductStock,
  takenSkus,
  updateVariantColumns,
  type VariantColumns,
  type VariantRow,
} from './inventory.repo';

export interface InventoryServiceDeps {
  db: Db;
  audit: AuditService;
  /** Told after every commit, so every process drops its cached replies of the product. */
  catalogue: Pick<CatalogueService, 'invalidate'>;
}

type Generate = z.output<typeof variantGenerateSchema>;
type RowChange = VariantChanges & { id: string };
type Pricing = { pricePaise: number; discount: number };

const PRODUCT_NOT_FOUND = 'Product not found';
const VARIANT_NOT_FOUND = 'Variant not found';
const SKU_TAKEN = 'Another variant already has this SKU';
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
const comboKey = (colour: string | null, size: string | null) => `${colour ?? ''}\u0000${size ?? ''}`;
const slug = (value: string) =>
  value
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toUpperCase();

/** What the audit log keeps of a variant: the fields an admin changes. */
const audited = (v: VariantRow) => ({
  sku: v.sku,
  stock: v.stock,
  pricePaise: v.pricePaise,
  image: v.image,
  active: v.active,
  lowStockThreshold: v.lowStockThreshold,
});

/**
 * The admin's variants and stock: the product form's matrix (generate, edit, bulk set), the stock
 * screen, each variant's ledger and the low-stock threshold. Stock only moves through inventory_move
 * as an 'adjustment' naming the admin; every write is one transaction with its audit entry.
 */
export class InventoryService {
  constructor(private readonly deps: InventoryServiceDeps) {}

  async variants(productId: string): Promise<AdminVariantList> {
    const product = isUuid(productId) ? await findLiveProduct(this.deps.db, productId) : undefined;
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    return this.listReply(this.deps.db, product);
  }

  /** Gives the product the variants its colours × sizes name (or `only` those on sale). */
  async generate(actor: Actor, productId: string, input: Generate): Promise<AdminVariantList> {
    const colours = uniqueBy(input.colours.map((c) => c.toLowerCase()));
    const sizes = uniqueBy(input.sizes);
    const combos = (colours.length ? colours : [null]).flatMap((colour) =>
      (sizes.length ? sizes : [null]).map((size) => ({ colour, size })),
    );
    const known = new Set(combos.map((c) => comboKey(c.colour, c.size)));
    const only =
      input.only && new Set(input.only.map((c) => comboKey(c.colour?.toLowerCase() ?? null, c.size)));
    if (only) {
      if (only.size === 0)
        throw badRequest('Choose at least one combination', { only: 'Choose at least one' });
      for (const key of only)
        if (!known.has(key)) throw badRequest('Every chosen combination must be one of the colours × sizes');
    }
    return this.write(actor, productId, async (tx, product, current) => {
      const byKey = new Map(current.map((v) => [comboKey(v.colour, v.size), v]));
      const fresh: NewVariantRow[] = [];
      const columns: VariantColumns[] = [];
      combos.forEach((c, position) => {
        const key = comboKey(c.colour, c.size);
        const existing = byKey.get(key);
        // Without `only`, an existing combination keeps its switch: the admin may have turned it off.
        const active = only ? only.has(key) : (existing?.active ?? true);
        if (existing) {
          if (existing.active !== active || existing.position !== position)
            columns.push({ id: existing.id, active, position });
        } else {
          fresh.push({ productId, sku: '', colour: c.colour, size: c.size, position, active, stock: 0 });
        }
      });
      // Variants of values no longer named: switched off (stock and history kept), listed after the rest.
      current
        .filter((v) => !known.has(comboKey(v.colour, v.size)))
        .forEach((v, i) => {
          const position = combos.length + i;
          if (v.active || v.position !== position) columns.push({ id: v.id, active: false, position });
        });
      await this.nameSkus(tx, product, fresh);
      await updateVariantColumns(tx, columns);
      await insertVariants(tx, fresh);
      await setProductOptions(tx, productId, colours, sizes);
      const off = columns.filter((c) => c.active === false).length;
      await this.deps.audit.record(tx, actor, {
        action: 'product.variants.generate',
        entityId: productId,
        summary: `${product.name}: variants of ${colours.length || 'no'} colours × ${sizes.length || 'no'} sizes; ${fresh.length} new, ${off} switched off`,
        after: { colours, sizes, only: input.only ?? null, added: fresh.map((f) => f.sku) },
      });
    });
  }

  /** The matrix's Save and bulk set: many rows of one product in one transaction. */
  async bulk(actor: Actor, productId: string, input: VariantBulkInput): Promise<AdminVariantList> {
    return this.write(actor, productId, (tx, product, current) =>
      this.apply(tx, actor, product, current, input.variants),
    );
  }

  /** One variant's changes (the stock screen's inline adjustment among them). */
  async change(actor: Actor, variantId: string, changes: VariantChanges): Promise<AdminVariant> {
    const found = isUuid(variantId) ? await findVariantWithProduct(this.deps.db, variantId) : undefined;
    if (!found) throw notFound(VARIANT_NOT_FOUND);
    const list = await this.write(actor, found.variant.productId, (tx, product, current) =>
      this.apply(tx, actor, product, current, [{ ...changes, id: variantId }]),
    );
    return list.variants.find((v) => v.id === variantId)!;
  }

  async ledger(
    variantId: string,
    query: Required<Pick<LedgerQuery, 'page' | 'limit'>>,
  ): Promise<LedgerReply> {
    const { db } = this.deps;
    const found = isUuid(variantId) ? await findVariantWithProduct(db, variantId) : undefined;
    if (!found) throw notFound(VARIANT_NOT_FOUND);
    const page = Number(query.page);
    const limit = Number(query.limit);
    const [threshold, { rows, total }] = await Promise.all([
      findShopThreshold(db),
      findLedgerPage(db, variantId, limit, (page - 1) * limit),
    ]);
    return {
      variant: toAdminVariant(found.variant, found, threshold),
      productName: found.productName,
      entries: rows.map((r) => ({
        id: r.id,
        change: r.change,
        reason: r.reason,
        resultingStock: r.resultingStock,
        note: r.note,
        actor: r.actorId && r.actorEmail ? { id: r.actorId, email: r.actorEmail } : null,
        orderId: r.orderId,
        createdAt: r.createdAt.toISOString(),
      })),
      total,
      page,
      pages: Math.ceil(total / limit),
    };
  }

  /** The stock screen: variants across the shop. */
  async stock(query: StockParams): Promise<StockList> {
    const { db } = this.deps;
    const threshold = await findShopThreshold(db);
    const { rows, total } = await findStockPage(db, {
      search: query.search || undefined,
      lowOnly: query.lowStock ?? false,
      threshold,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return {
      variants: rows.map((r) => toStockRow(r, threshold)),
      lowStockThreshold: threshold,
      total,
      page: query.page,
      pages: Math.ceil(total / query.limit),
    };
  }

  /** The dashboard's list: active variants at or below their threshold, the lowest first. */
  async lowStock(limit = DASHBOARD_LOW_STOCK_MAX): Promise<StockRow[]> {
    const { db } = this.deps;
    const threshold = await findShopThreshold(db);
    const { rows } = await findStockPage(db, { lowOnly: true, threshold, limit, offset: 0 });
    return rows.map((r) => toStockRow(r, threshold));
  }

  async settings(): Promise<StockSettings> {
    return { lowStockThreshold: await findShopThreshold(this.deps.db) };
  }

  async updateSettings(actor: Actor, input: StockSettings): Promise<StockSettings> {
    return inTransaction(this.deps.db, async (tx) => {
      const before = await findShopThreshold(tx);
      await setShopThreshold(tx, input.lowStockThreshold);
      await this.deps.audit.record(tx, actor, {
        action: 'settings.low-stock',
        entityId: null,
        summary: `Low-stock threshold ${before} → ${input.lowStockThreshold}`,
        before: { lowStockThreshold: before },
        after: { lowStockThreshold: input.lowStockThreshold },
      });
      return { lowStockThreshold: input.lowStockThreshold };
    });
  }

  /**
   * One write to a product's variants: the variants locked (id order, as a sale takes them), then the
   * product; the product's own figures follow the variants; committed, every process is told.
   */
  private async write(
    actor: Actor,
    productId: string,
    work: (tx: Tx, product: ProductHead, current: VariantRow[]) => Promise<void>,
  ): Promise<AdminVariantList> {
    if (!isUuid(productId)) throw notFound(PRODUCT_NOT_FOUND);
    return inTransaction(this.deps.db, async (tx, unit) => {
      await ownVariants(tx, actor.id);
      const current = await findVariantsOf(tx, productId, true);
      const product = await findLiveProduct(tx, productId, true);
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      try {
        await work(tx, product, current);
        await sumProductStock(tx, productId);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(SKU_TAKEN, { sku: SKU_TAKEN });
        throw error;
      }
      unit.afterCommit(() => this.deps.catalogue.invalidate([productId]));
      return this.listReply(tx, product);
    });
  }

  private async apply(
    tx: Tx,
    actor: Actor,
    product: ProductHead,
    current: VariantRow[],
    rows: RowChange[],
  ): Promise<void> {
    const byId = new Map(current.map((v) => [v.id, v]));
    const seen = new Set<string>();
    for (const row of rows) {
      if (!byId.has(row.id)) throw notFound(`${VARIANT_NOT_FOUND} on ${product.name}`);
      if (seen.has(row.id)) throw badRequest('Each variant may be listed once');
      seen.add(row.id);
    }
    await this.checkSkus(tx, rows, byId);
    const pictures = new Map(
      [product.productImage, ...product.images].filter((k): k is string => !!k).map((k) => [imageUrl(k), k]),
    );
    const columns: VariantColumns[] = [];
    const moves = new Map<string, { id: string; change: number }[]>();
    for (const row of rows) {
      const v = byId.get(row.id)!;
      let image: string | null | undefined;
      if (row.image !== undefined && row.image !== null) {
        image =
          pictures.get(row.image) ??
          (pictures.has(imageUrl(storedValueOf(row.image))) ? storedValueOf(row.image) : undefined);
        if (image === undefined)
          throw badRequest("Choose one of the product's pictures for a variant", {
            image: 'Not a picture of this product',
          });
      } else image = row.image;
      columns.push({
        id: row.id,
        ...(row.sku !== undefined && row.sku !== v.sku ? { sku: row.sku } : {}),
        ...(row.active !== undefined ? { active: row.active } : {}),
        ...(row.pricePaise !== undefined ? { pricePaise: row.pricePaise } : {}),
        ...(image !== undefined ? { image } : {}),
        ...(row.lowStockThreshold !== undefined ? { lowStockThreshold: row.lowStockThreshold } : {}),
      });
      const change = row.stock !== undefined ? row.stock - v.stock : (row.adjust ?? 0);
      if (change !== 0) {
        const note = row.note?.trim() || '';
        moves.set(note, [...(moves.get(note) ?? []), { id: row.id, change }]);
      }
    }
    await updateVariantColumns(tx, columns);
    for (const [note, list] of moves) {
      const refused = await adjustStock(tx, list, actor.id, note || null);
      if (refused.length) {
        const v = byId.get(refused[0]!)!;
        throw conflict(`${v.sku} has ${v.stock} in stock: its stock cannot go below 0`, { stock: 'Below 0' });
      }
    }
    const after = new Map((await findVariantsOf(tx, product.id)).map((v) => [v.id, v]));
    const before: Record<string, unknown> = {};
    const changed: Record<string, unknown> = {};
    const lines: string[] = [];
    for (const row of rows) {
      const [b, a] = [audited(byId.get(row.id)!), audited(after.get(row.id)!)];
      const keys = (Object.keys(a) as (keyof typeof a)[]).filter(
        (k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]),
      );
      if (keys.length === 0) continue;
      before[b.sku] = Object.fromEntries(keys.map((k) => [k, b[k]]));
      changed[a.sku] = Object.fromEntries(keys.map((k) => [k, a[k]]));
      lines.push(`${a.sku} ${keys.map((k) => `${k} ${String(b[k])} → ${String(a[k])}`).join(', ')}`);
    }
    const notes = [...moves.keys()].filter(Boolean);
    await this.deps.audit.record(tx, actor, {
      action: rows.length === 1 ? 'product.variant.update' : 'product.variants.update',
      entityId: product.id,
      summary: truncate(
        `${product.name}: ${lines.length ? lines.join('; ') : 'no change'}${notes.length ? ` (${notes.join('; ')})` : ''}`,
      ),
      before,
      after: changed,
    });
  }

  /** A clear 409 naming the SKU another variant holds (the unique index still has the last word). */
  private async checkSkus(tx: Tx, rows: RowChange[], byId: Map<string, VariantRow>): Promise<void> {
    const renamed = rows.filter((r) => r.sku !== undefined && r.sku !== byId.get(r.id)!.sku);
    const wanted = renamed.map((r) => r.sku!);
    const twice = wanted.find((sku, i) => wanted.indexOf(sku) !== i);
    if (twice) throw conflict(`SKU ${twice} is given to two variants`, { sku: 'Given twice' });
    const [taken] = await takenSkus(
      tx,
      wanted,
      renamed.map((r) => r.id),
    );
    if (taken) throw conflict(`SKU ${taken} is already used by another variant`, { sku: SKU_TAKEN });
  }

  /** SKUs for new variants: the product's (or BZ- and its id), colour and size, made unique. */
  private async nameSkus(tx: Tx, product: ProductHead, fresh: NewVariantRow[]): Promise<void> {
    const base = product.sku?.trim() || `BZ-${product.id.replace(/-/g, '').slice(0, 10).toUpperCase()}`;
    const wanted = fresh.map((f) =>
      [base, f.colour, f.size]
        .filter(Boolean)
        .map((p) => (p === base ? p : slug(p!)))
        .join('-'),
    );
    const taken = new Set(await takenSkus(tx, wanted, []));
    const used = new Set<string>();
    fresh.forEach((f, i) => {
      let sku = wanted[i]!;
      for (let n = 2; taken.has(sku) || used.has(sku); n++) sku = `${wanted[i]}-${n}`;
      used.add(sku);
      f.sku = sku;
    });
  }

  private async listReply(db: Db | Tx, product: ProductHead): Promise<AdminVariantList> {
    const [rows, threshold] = await Promise.all([findVariantsOf(db, product.id), findShopThreshold(db)]);
    return {
      product: {
        id: product.id,
        name: product.name,
        pricePaise: product.pricePaise,
        discount: product.discount,
        images: [...new Set([product.productImage, ...product.images].filter((k): k is string => !!k))].map(
          imageUrl,
        ),
      },
      variants: rows.map((v) => toAdminVariant(v, product, threshold)),
      shopLowStockThreshold: threshold,
    };
  }
}

export function toAdminVariant(v: VariantRow, product: Pricing, shopThreshold: number): AdminVariant {
  return {
    id: v.id,
    productId: v.productId,
    sku: v.sku,
    colour: v.colour,
    size: v.size,
    stock: v.stock,
    pricePaise: v.pricePaise,
    salePricePaise: variantSalePaise(v.pricePaise, product.pricePaise, product.discount),
    image: v.image ? imageUrl(v.image) : null,
    active: v.active,
    position: v.position,
    lowStockThreshold: v.lowStockThreshold,
    lowStock: v.active && v.stock <= (v.lowStockThreshold ?? shopThreshold),
  };
}

function toStockRow(r: { variant: VariantRow; productName: string } & Pricing, threshold: number): StockRow {
  return { ...toAdminVariant(r.variant, r, threshold), productName: r.productName };
}

/** Values in their first order, one of each ignoring case and outer spaces. */
function uniqueBy(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const truncate = (s: string) => (s.length > 1000 ? `${s.slice(0, 997)}…` : s);
