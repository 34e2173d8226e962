import {
  type AdminListParams,
  PRODUCT_FORM_LIMITS,
  type ProductCreateFields,
  type ProductUpdateFields,
  paiseToRupees,
  rupeesToPaise,
} from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction, type UnitOfWork } from '../../db/transaction';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { type Actor, type AuditService, diff } from '../audit/index';
import type { CatalogueService } from './catalogue.service';
import { findAllCategories } from './categories.repo';
import {
  archiveProduct,
  deleteProduct,
  findAdminProductPage,
  findProductRow,
  imagesInOrders,
  insertProduct,
  isInAnyOrder,
  lockLiveProduct,
  lockVariantsFor,
  ownVariantWrites,
  type ProductChanges,
  setStockActor,
  sumVariantStock,
  syncVariants,
  updateProduct,
} from './product-admin.repo';
import {
  imageReferences,
  isStoredProductImage,
  removeImageFiles,
  storedValueOf,
  storeProductImages,
  toProductWebps,
} from './product-images';
import type { ProductRow } from './product-view';
import { findById } from './products.repo';

const SKU_TAKEN = 'Another product already has this SKU';
const STOCK_PER_VARIANT =
  'This product has several variants: set their stock in the variant matrix or on the stock screen';
const CATEGORY_UNKNOWN = "Choose one of the shop's categories";

export interface ProductAdminServiceDeps {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  log: FastifyBaseLogger;
  catalogue: CatalogueService;
  audit: AuditService;
}

type CategoryPath = Pick<ProductRow, 'category' | 'subCategory' | 'option' | 'subOption'>;

/** What the audit log keeps of a product: the figures a shop argues about, in rupees. */
const audited = (row: ProductRow) => ({
  name: row.name,
  price: paiseToRupees(row.pricePaise),
  discount: row.discount,
  countInStock: row.countInStock,
  category: row.category,
  isFeatured: row.isFeatured,
  sku: row.sku,
  hsn: row.hsn,
  gstRate: row.gstRateBp / 100,
});

/**
 * Admins creating, editing and deleting products. Every write commits, then
 * tells the catalogue (`invalidate`), which clears the cached replies of every
 * server process; pictures are stored before the transaction and removed
 * again if it rolls back.
 */
export class ProductAdminService {
  constructor(private readonly deps: ProductAdminServiceDeps) {}

  async list(query: AdminListParams): Promise<{ rows: ProductRow[]; total: number; all: number }> {
    return findAdminProductPage(
      this.deps.db,
      query.search?.toLowerCase(),
      query.limit,
      (query.page - 1) * query.limit,
    );
  }

  async get(id: string): Promise<ProductRow> {
    // The storefront's read: it never returns an archived product either.
    const row = isUuid(id) ? await findById(this.deps.db, id) : undefined;
    if (!row) throw notFound('Product not found');
    return row;
  }

  async create(actor: Actor, fields: ProductCreateFields, files: Buffer[]): Promise<ProductRow> {
    const webps = await toProductWebps(files);
    const { storage } = this.deps;
    return this.write(
      async (tx, unit) => {
        const path = await this.categoryPath(tx, fields);
        const keys = await storeProductImages(storage, webps, unit);
        await setStockActor(tx, actor.id);
        const row = await insertProduct(tx, {
          ...this.columns(fields),
          ...path,
          name: fields.name,
          pricePaise: rupeesToPaise(fields.price),
          description: fields.description,
          brand: fields.brand ?? 'Generic',
          productImage: keys[0] ?? null,
          images: keys,
        });
        await this.deps.audit.record(tx, actor, {
          action: 'product.create',
          entityId: row.id,
          summary: `${row.name} created at ₹${paiseToRupees(row.pricePaise)} with ${row.countInStock} in stock`,
          after: audited(row),
        });
        return row;
      },
      (row) => row.id,
    );
  }

  async update(actor: Actor, id: string, fields: ProductUpdateFields, files: Buffer[]): Promise<ProductRow> {
    if (!isUuid(id)) throw notFound('Product not found');
    const webps = await toProductWebps(files);
    const { storage } = this.deps;
    return this.write(
      async (tx, unit) => {
        const variantCount = await lockVariantsFor(tx, id, actor.id);
        const current = await lockLiveProduct(tx, id);
        if (!current) throw notFound('Product not found');
        // Spreading one figure over several variants would overwrite the stock set per variant.
        if (
          variantCount > 1 &&
          fields.countInStock !== undefined &&
          fields.countInStock !== current.countInStock
        ) {
          throw conflict(STOCK_PER_VARIANT, { countInStock: STOCK_PER_VARIANT });
        }
        // An edit that leaves out the lower category levels keeps them while the category stays.
        const keepsLevels =
          fields.subCategory === undefined &&
          fields.option === undefined &&
          fields.subOption === undefined &&
          fields.category.toLowerCase() === current.category.toLowerCase();
        const path = await this.categoryPath(
          tx,
          keepsLevels ? { ...current, category: fields.category } : fields,
        );

        // The gallery after the removals asked for; the first upload becomes the main image when none is left.
        const dropped = new Set((fields.removedImages ?? []).map(storedValueOf));
        let main = current.productImage;
        if (main && (fields.removeMainImage || dropped.has(main))) main = null;
        const gallery = current.images.filter((key) => key !== current.productImage && !dropped.has(key));
        if ((main ? 1 : 0) + gallery.length + webps.length > PRODUCT_FORM_LIMITS.images) {
          throw badRequest(`A product has at most ${PRODUCT_FORM_LIMITS.images} images`, {
            productImages: `At most ${PRODUCT_FORM_LIMITS.images} images in all`,
          });
        }
        const added = await storeProductImages(storage, webps, unit);
        if (!main && added.length) main = added.shift()!;
        const images = [...(main ? [main] : []), ...gallery, ...added];

        const changes: ProductChanges = {
          ...this.columns(fields),
          ...path,
          name: fields.name,
          pricePaise: rupeesToPaise(fields.price),
          ...(fields.description !== undefined ? { description: fields.description } : {}),
          ...(fields.brand !== undefined ? { brand: fields.brand ?? 'Generic' } : {}),
          productImage: main,
          images,
        };
        await ownVariantWrites(tx);
        const written = await updateProduct(tx, id, changes);
        // Existing variants keep their switch, SKU, stock and price; only new combinations are made.
        if (
          JSON.stringify([written.colours, written.sizes]) !==
          JSON.stringify([current.colours, current.sizes])
        ) {
          await syncVariants(tx, id, null, true);
        }
        if (fields.countInStock !== undefined && fields.countInStock !== current.countInStock) {
          await syncVariants(tx, id, fields.countInStock, false);
        }
        await sumVariantStock(tx, id);
        const updated = await findProductRow(tx, id);
        const change = diff(audited(current), audited(updated));
        await this.deps.audit.record(tx, actor, {
          action: 'product.update',
          entityId: id,
          summary: `${updated.name}: ${change ? describeChange(change) : 'details edited'}`,
          ...change,
        });
        await this.removeUnusedLater(
          tx,
          unit,
          [current.productImage, ...current.images].filter(
            (key): key is string => !!key && !images.includes(key),
          ),
        );
        return updated;
      },
      () => id,
    );
  }

  /**
   * Deletes a product. One that past orders name is archived instead: its row
   * (and pictures) stay for those orders, and shoppers no longer see it.
   */
  async remove(actor: Actor, id: string): Promise<{ archived: boolean }> {
    if (!isUuid(id)) throw notFound('Product not found');
    return this.write(
      async (tx, unit) => {
        const row = await lockLiveProduct(tx, id);
        if (!row) throw notFound('Product not found');
        const archived = await isInAnyOrder(tx, id);
        if (archived) {
          await archiveProduct(tx, id, this.deps.clock.now());
        } else {
          await deleteProduct(tx, id);
          await this.removeUnusedLater(
            tx,
            unit,
            [...new Set([row.productImage, ...row.images])].filter((key): key is string => !!key),
          );
        }
        await this.deps.audit.record(tx, actor, {
          action: archived ? 'product.archive' : 'product.delete',
          entityId: id,
          summary: archived
            ? `${row.name} deleted; kept hidden for the orders that name it`
            : `${row.name} deleted`,
          before: audited(row),
        });
        return { archived };
      },
      () => id,
    );
  }

  /**
   * Runs a product write as one unit; once it commits, every process's
   * catalogue replies for the product (and every listing) are dropped.
   */
  private write<T>(
    work: (tx: DbOrTx, unit: UnitOfWork) => Promise<T>,
    idOf: (result: T) => string,
  ): Promise<T> {
    return inTransaction(this.deps.db, async (tx, unit) => {
      let result: T;
      try {
        result = await work(tx, unit);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(SKU_TAKEN, { sku: SKU_TAKEN });
        throw error;
      }
      unit.afterCommit(() => this.deps.catalogue.invalidate([idOf(result)]));
      return result;
    });
  }

  /** The optional columns the form sent; a field left out of an edit stays as it is. */
  private columns(fields: ProductCreateFields | ProductUpdateFields): ProductChanges {
    const c: ProductChanges = {};
    if (fields.sku !== undefined) c.sku = fields.sku;
    if (fields.discount !== undefined) c.discount = fields.discount;
    if (fields.countInStock !== undefined) c.countInStock = fields.countInStock;
    if (fields.seller !== undefined) c.seller = fields.seller;
    if (fields.material !== undefined) c.material = fields.material;
    if (fields.madeIn !== undefined) c.madeIn = fields.madeIn;
    if (fields.hsn !== undefined) c.hsn = fields.hsn;
    if (fields.gstRate !== undefined) c.gstRateBp = fields.gstRate;
    if (fields.colours !== undefined) c.colours = fields.colours;
    if (fields.sizes !== undefined) c.sizes = fields.sizes;
    if (fields.tags !== undefined) c.tags = fields.tags;
    if (fields.isFeatured !== undefined) c.isFeatured = fields.isFeatured;
    return c;
  }

  /**
   * The category path as the shop's category tree spells it; a product must
   * sit in the tree, or shoppers could never browse to it. Levels left out of
   * an edit keep their values only when the category stays the same.
   */
  private async categoryPath(
    tx: DbOrTx,
    fields: Pick<ProductCreateFields, 'category' | 'subCategory' | 'option' | 'subOption'>,
  ): Promise<CategoryPath> {
    const nodes = await findAllCategories(tx);
    const levels = [fields.category, fields.subCategory, fields.option, fields.subOption];
    const names: (string | null)[] = [];
    let parentId: string | null = null;
    const keys = ['category', 'subCategory', 'option', 'subOption'] as const;
    for (const [depth, wanted] of levels.entries()) {
      if (!wanted) {
        // A lower level without its parent would name nothing.
        if (levels.slice(depth + 1).some(Boolean)) {
          throw badRequest(`Invalid ${keys[depth]}: required below it`, {
            [keys[depth]!]: 'Required for the levels below',
          });
        }
        break;
      }
      const node = nodes.find(
        (n) => n.depth === depth && n.parentId === parentId && n.name.toLowerCase() === wanted.toLowerCase(),
      );
      if (!node)
        throw badRequest(`Invalid ${keys[depth]}: ${CATEGORY_UNKNOWN}`, { [keys[depth]!]: CATEGORY_UNKNOWN });
      names.push(node.name);
      parentId = node.id;
    }
    return {
      category: names[0]!,
      subCategory: names[1] ?? null,
      option: names[2] ?? null,
      subOption: names[3] ?? null,
    };
  }

  /**
   * After commit, removes stored pictures the product no longer shows, except
   * those an order item still shows (orders keep their pictures).
   */
  private async removeUnusedLater(tx: DbOrTx, unit: UnitOfWork, keys: string[]): Promise<void> {
    const own = keys.filter(isStoredProductImage);
    if (own.length === 0) return;
    const inOrders = await imagesInOrders(tx, imageReferences(own));
    const unused = own.filter((key) => !imageReferences([key]).some((ref) => inOrders.has(ref)));
    const { storage, log } = this.deps;
    unit.afterCommit(() =>
      removeImageFiles(storage, unused).catch((err) =>
        log.warn({ err, keys: unused }, 'product images not removed'),
      ),
    );
  }
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

function describeChange(change: { before: Record<string, unknown>; after: Record<string, unknown> }): string {
  const label: Record<string, string> = {
    price: 'Price',
    discount: 'Discount',
    countInStock: 'Stock',
    name: 'Name',
    category: 'Category',
    isFeatured: 'Featured',
    sku: 'SKU',
    hsn: 'HSN',
    gstRate: 'GST rate %',
  };
  return Object.keys(change.after)
    .map((key) => `${label[key] ?? key} ${String(change.before[key])} → ${String(change.after[key])}`)
    .join('; ');
}
