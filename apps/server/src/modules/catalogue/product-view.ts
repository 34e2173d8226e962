import { discountedPaise, type Product, paiseToRupees } from '@bazaar/shared';
import type { products } from '../../db/schema/catalogue';
import { imageUrl, imageUrlSql, UPLOADS_PREFIX } from './image-url';

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
      i.created as "createdAt", ${isoSql(`${p}.updated_at`)} as "updatedAt", i.created as "dateAdded"
    from (select ${imagesSql(p)}, ${isoSql(`${p}.created_at`)} as created from ${plainKeysSql(p)} k) i) j)`;
}

/**
 * The main image's URL (`main`, null for none) and the gallery's (`images`,
 * the main one first unless the gallery has it), as toProduct makes them. When
 * every image is a plain storage key (nearly always) that is prefixing, with
 * string functions; otherwise each goes through imageUrlSql, dearer (a
 * subquery per product) but exact for any value. The test for plain keys runs
 * once per product: `offset 0` keeps PostgreSQL from pulling it up into each
 * place that reads it (a regular expression costs ~5 µs a product).
 */
function plainKeysSql(p: string): string {
  // The gallery's keys joined by commas, after the main one: every character kept, none rooted
  // at '/' (so no URL either: no ':'), no empty main key, and no comma but the joins.
  const keys = `coalesce(${p}.product_image, '') || ',' || array_to_string(${p}.images, ',')`;
  const plain = `${keys} ~ '^[A-Za-z0-9_.!~*''()/,-]*$'
    and position(',/' in ',' || ${keys}) = 0 and ${p}.product_image is distinct from ''
    and length(${keys}) - length(replace(${keys}, ',', '')) = greatest(cardinality(${p}.images), 1)`;
  return `(select ${plain} as plain offset 0)`;
}

/** The select list of the main image and gallery URLs, given `k.plain` (plainKeysSql). */
function imagesSql(p: string): string {
  const prefixed = `case when cardinality(${p}.images) = 0 then '{}'::text[]
    else string_to_array('${UPLOADS_PREFIX}' || array_to_string(${p}.images, ',${UPLOADS_PREFIX}'), ',') end`;
  const main = imageUrlSql(`nullif(${p}.product_image, '')`);
  const any = `(select case when m.main is not null and not (m.main = any(m.gallery))
      then array_prepend(m.main, m.gallery) else m.gallery end
    from (select ${main} as main,
      array(select ${imageUrlSql('g.v')} from unnest(${p}.images) with ordinality g(v, o) order by g.o) as gallery) m)`;
  return `case when k.plain then '${UPLOADS_PREFIX}' || ${p}.product_image else ${main} end as main,
    case when k.plain then (case when ${p}.product_image is null or ${p}.product_image = any(${p}.images)
      then ${prefixed} else array_prepend('${UPLOADS_PREFIX}' || ${p}.product_image, ${prefixed}) end)
    else ${any} end as images`;
}
