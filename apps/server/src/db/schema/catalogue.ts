import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
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
    /**
     * Set when an admin deletes a product that past orders name: the row stays for their records
     * (orders keep its name, images and price), and the storefront, cart and search no longer show it.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_sku_uq').on(t.sku),
    // Listings match the category path case-insensitively.
    index('products_category_path_idx').on(
      sql`lower(${t.category})`,
      sql`lower(${t.subCategory})`,
      sql`lower(${t.option})`,
      sql`lower(${t.subOption})`,
    ),
    // Related products: same category, in stock first, best rated; read in index order.
    index('products_related_idx').on(t.category, sql`(${t.countInStock} > 0)`, t.rating, t.id),
    index('products_sale_price_idx').on(t.salePricePaise),
    // Listing orders read straight from an index (all columns descending or all ascending, so
    // a backward scan serves the descending orders), alone or within a category.
    index('products_featured_order_idx').on(t.isFeatured, t.rating, t.numReviews, t.id),
    index('products_category_featured_idx').on(
      sql`lower(${t.category})`,
      t.isFeatured,
      t.rating,
      t.numReviews,
      t.id,
    ),
    index('products_category_price_idx').on(sql`lower(${t.category})`, t.salePricePaise, t.id),
    index('products_rating_idx').on(t.rating),
    index('products_created_at_idx').on(t.createdAt),
    index('products_brand_idx').on(t.brand),
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('products_category_trgm_idx').using('gin', sql`lower(${t.category}) gin_trgm_ops`),
    index('products_colours_idx').using('gin', t.colours),
    index('products_sizes_idx').using('gin', t.sizes),
    // Stock taken by two orders at once can never go below zero: one of them fails instead.
    check('products_stock_not_negative', sql`${t.countInStock} >= 0`),
    check('products_price_not_negative', sql`${t.pricePaise} >= 0`),
    check('products_discount_percent', sql`${t.discount} between 0 and 100`),
    check('products_rating_range', sql`${t.rating} between 0 and 5`),
    check('products_reviews_not_negative', sql`${t.numReviews} >= 0`),
  ],
);
