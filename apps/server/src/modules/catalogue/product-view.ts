import { discountedPaise, type Product, paiseToRupees } from '@bazaar/shared';
import type { products } from '../../db/schema/catalogue';
import { imageUrl, imageUrlSql } from './image-url';

export type ProductRow = typeof products.$inferSelect;

/** A stored product as the API shows it: the spec's field names, rupees, image URLs. */
export function toProduct(row: ProductRow): Product {
  const main = row.productImage ? imageUrl(row.productImage) : null;
  const gallery = row.images.map(imageUrl);
  const images = main && !gallery.includes(main) ? [main, ...gallery] : gallery;
  const createdAt = row.createdAt.toISOString();
  return {
    _id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    price: paiseToRupees(row.pricePaise),
    discount: row.discount,
    salePrice: paiseToRupees(discountedPaise(row.pricePaise, row.discount)),
    rating: row.rating,
    numReviews: row.numReviews,
    countInStock: row.countInStock,
    inStock: row.countInStock > 0,
    category: row.category,
    subCategory: row.subCategory,
    option: row.option,
    subOption: row.subOption,
    brand: row.brand,
    material: row.material,
    sizes: row.sizes,
    colours: row.colours,
    images,
    productImage: main ?? images[0] ?? null,
    tags: row.tags,
    sku: row.sku,
    seller: row.seller,
    madeIn: row.madeIn,
    isFeatured: row.isFeatured,
    createdAt,
    updatedAt: row.updatedAt.toISOString(),
    dateAdded: createdAt,
  };
}

/** Paise to rupees as JSON prints them (849.15, 10, 0): exact numeric, trailing zeros dropped. */
const rupeesSql = (paise: string) => `trim_scale(${paise}::numeric / 100)`;

/** What Date.toISOString prints for a timestamptz: UTC, milliseconds (truncated, as the drivers read them). */
const isoSql = (ts: string) => `to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The same reply as `toProduct`, made by the database as JSON text from the
 * products row `p` (a scalar subquery per row): the storefront splices it into
 * its replies unparsed, which saves the server reading ~30 columns per product
 * and writing them back out. product-json.test.ts holds it equal to toProduct.
 * The discount follows discountedPaise: clamped to 0..100, a fraction of a paisa dropped from it;
 * an empty main image is none, as toProduct reads it.
 */
export function productJsonSql(p: string): string {
  const discount = `least(100, greatest(0, ${p}.discount))`;
  const salePaise = `(${p}.price_paise - floor(${p}.price_paise::numeric * ${discount} / 100))`;
  return `(select row_to_json(j)::text from (select
      ${p}.id as "_id", ${p}.name as "name", ${p}.title as "title", ${p}.description as "description",
      ${rupeesSql(`${p}.price_paise`)} as "price", ${p}.discount as "discount",
      ${rupeesSql(salePaise)} as "salePrice", ${p}.rating as "rating", ${p}.num_reviews as "numReviews",
      ${p}.count_in_stock as "countInStock", ${p}.count_in_stock > 0 as "inStock",
      ${p}.category as "category", ${p}.sub_category as "subCategory", ${p}.option as "option",
      ${p}.sub_option as "subOption", ${p}.brand as "brand", ${p}.material as "material",
      ${p}.sizes as "sizes", ${p}.colours as "colours", i.images as "images",
      coalesce(i.main, i.images[1]) as "productImage", ${p}.tags as "tags", ${p}.sku as "sku",
      ${p}.seller as "seller", ${p}.made_in as "madeIn", ${p}.is_featured as "isFeatured",
      ${isoSql(`${p}.created_at`)} as "createdAt", ${isoSql(`${p}.updated_at`)} as "updatedAt",
      ${isoSql(`${p}.created_at`)} as "dateAdded"
    from (select m.main, case when m.main is not null and not (m.main = any(m.gallery))
        then array_prepend(m.main, m.gallery) else m.gallery end as images
      from (select ${imageUrlSql(`nullif(${p}.product_image, '')`)} as main,
        array(select ${imageUrlSql('g.v')} from unnest(${p}.images) with ordinality g(v, o) order by g.o) as gallery) m
    ) i) j)`;
}
