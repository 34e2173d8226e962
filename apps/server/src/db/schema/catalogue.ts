import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/**
 * The category tree in one table: depth 0 category, 1 subcategory, 2 option,
 * 3 suboption. Products name their place in it by the four names, as the spec does.
 */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    depth: smallint('depth').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('categories_parent_name_uq').on(sql`coalesce(${t.parentId}::text, '')`, t.name),
    index('categories_parent_idx').on(t.parentId, t.position),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    title: text('title'),
    description: text('description').notNull().default(''),
    pricePaise: integer('price_paise').notNull(),
    /** Percent, 0..100. */
    discount: smallint('discount').notNull().default(0),
    /** The price a shopper pays, kept by the database so filters and sorts can use an index. */
    salePricePaise: integer('sale_price_paise').generatedAlwaysAs(
      (): SQL =>
        sql`${products.pricePaise} - floor(${products.pricePaise}::bigint * ${products.discount} / 100)::int`,
    ),
    rating: real('rating').notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    countInStock: integer('count_in_stock').notNull().default(0),
    category: text('category').notNull(),
    subCategory: text('sub_category'),
    option: text('option'),
    subOption: text('sub_option'),
    brand: text('brand').notNull().default('Generic'),
    material: text('material'),
    sizes: text('sizes').array().notNull().default(sql`'{}'::text[]`),
    colours: text('colours').array().notNull().default(sql`'{}'::text[]`),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    productImage: text('product_image'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    sku: text('sku'),
    seller: text('seller'),
    madeIn: text('made_in'),
    isFeatured: boolean('is_featured').notNull().default(false),
    /** HSN code (4–8 digits) and GST rate in basis points, printed on tax invoices in GST mode. */
    hsn: text('hsn'),
    gstRateBp: integer('gst_rate_bp').notNull().default(1800),
    /**
     * Set when an admin deletes a product that past orders name: the row stays for their records
     * (orders keep its name, images and price), and the storefront, cart and search no longer show it.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The product as shoppers' replies show it (the API's `Product`, JSON text), written by a trigger
     * on every insert and update (catalogue_product_json, migration 0013): listings and product pages
     * splice it into their replies as it is. Never written by the app; whatever a write sets is replaced.
     */
    shopperJson: text('shopper_json'),
  },
  (t) => [
    uniqueIndex('products_sku_uq').on(t.sku),
    // Related products: same category, in stock first, best rated; read in index order.
    index('products_related_idx').on(t.category, sql`(${t.countInStock} > 0)`, t.rating, t.id),
    // The admin's list, newest first. Storefront listings and search read catalogue_listing instead.
    index('products_created_at_idx').on(t.createdAt),
    // Stock taken by two orders at once can never go below zero: one of them fails instead.
    check('products_stock_not_negative', sql`${t.countInStock} >= 0`),
    check('products_price_not_negative', sql`${t.pricePaise} >= 0`),
    check('products_discount_percent', sql`${t.discount} between 0 and 100`),
    check('products_rating_range', sql`${t.rating} between 0 and 5`),
    check('products_reviews_not_negative', sql`${t.numReviews} >= 0`),
  ],
);

/**
 * What is actually sold: one row per colour and size a product comes in (one default variant when it
 * has neither), each with its own SKU and stock (migration 0033, decisions 208-210). Stock only moves
 * through `inventory_move` (a ledger row each); products.count_in_stock is the active variants' sum,
 * kept by a trigger, and writing count_in_stock, colours or sizes on a product brings its variants in step.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    colour: text('colour'),
    size: text('size'),
    stock: integer('stock').notNull().default(0),
    /** Its own list price; null: the product's. */
    pricePaise: integer('price_paise'),
    image: text('image'),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** Below or at this stock the variant is "low"; null: the shop's threshold (migration 0034). */
    lowStockThreshold: integer('low_stock_threshold'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('product_variants_sku_uq').on(t.sku),
    uniqueIndex('product_variants_options_uq').on(
      t.productId,
      sql`coalesce(${t.colour}, '')`,
      sql`coalesce(${t.size}, '')`,
    ),
    index('product_variants_product_idx').on(t.productId, t.position),
    index('product_variants_stock_idx').on(t.stock),
    check(
      'product_variants_low_stock_not_negative',
      sql`${t.lowStockThreshold} is null or ${t.lowStockThreshold} >= 0`,
    ),
    check('product_variants_stock_not_negative', sql`${t.stock} >= 0`),
    check('product_variants_price_not_negative', sql`${t.pricePaise} is null or ${t.pricePaise} >= 0`),
  ],
);

/**
 * A product's active variants as the product page's reply shows them (ProductVariant[] as JSON text),
 * kept by statement triggers on product_variants and on a product's price or discount, in the writing
 * transaction (migration 0043, decision 226); the page splices it in unparsed.
 */
export const productVariantsJson = pgTable('product_variants_json', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  json: text('json').notNull(),
});

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What shoppers browse and search, one narrow row per live product, kept by
 * triggers on products in the same transaction as every write (migration
 * 0010): category path and name lower-cased as the filters match them, the
 * sale price, the flags, and a weighted text document for ranking. Each
 * process's in-memory listing index loads this table and follows its change
 * log; a stock change that does not empty or refill a product leaves it untouched.
 */
export const catalogueListing = pgTable(
  'catalogue_listing',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    subCategory: text('sub_category'),
    option: text('option'),
    subOption: text('sub_option'),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    material: text('material'),
    colours: text('colours').array().notNull(),
    sizes: text('sizes').array().notNull(),
    rating: real('rating').notNull(),
    numReviews: integer('num_reviews').notNull(),
    salePricePaise: integer('sale_price_paise').notNull(),
    isFeatured: boolean('is_featured').notNull(),
    inStock: boolean('in_stock').notNull(),
    onSale: boolean('on_sale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    document: tsvector('document').notNull(),
    /** The smallest size on offer as a rank (catalogue_size_rank, migration 0011): the size order's key. */
    sizeRank: smallint('size_rank').notNull(),
    /** Colours and sizes with an active variant in stock (migration 0035): what "In Stock Only" facets read. */
    stockColours: text('stock_colours').array().notNull().default(sql`'{}'`),
    stockSizes: text('stock_sizes').array().notNull().default(sql`'{}'`),
  },
  (t) => [
    // Type-ahead suggestions match names by substring; listings and search are worked out in memory.
    index('catalogue_listing_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** A PostgreSQL transaction id (xid8), as its text: compared only in SQL, never in JavaScript. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * Which listed products each committed transaction changed (inserted, updated
 * or removed from catalogue_listing; null: all of them, a TRUNCATE), one row
 * per transaction, written by statement triggers on catalogue_listing in the
 * writing transaction (migration 0015). A process that keeps the listing in
 * memory reads the rows its last snapshot could not see (transactions started
 * after it, or running then), so it learns every change exactly once, whatever
 * order transactions commit in, and never waits on a lock the writers share.
 * The transaction id is the key: each lookup is an index probe, whatever the
 * statistics say. Old rows are pruned (CatalogueService.pruneChangeLog).
 */
export const catalogueListingChanges = pgTable('catalogue_listing_changes', {
  xid: xid8('xid').primaryKey().default(sql`pg_current_xact_id()`),
  productIds: uuid('product_ids').array(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The newest transaction whose change rows were pruned (one row). A process
 * whose snapshot might not have seen one of them loads the listing afresh.
 */
export const catalogueListingLogHorizon = pgTable(
  'catalogue_listing_log_horizon',
  {
    id: boolean('id').primaryKey().default(true),
    xid: xid8('xid').notNull(),
  },
  (t) => [check('catalogue_listing_log_horizon_one_row', sql`${t.id}`)],
);
