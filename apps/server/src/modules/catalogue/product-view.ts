import { discountedPaise, type Product, paiseToRupees } from '@bazaar/shared';
import type { products } from '../../db/schema/catalogue';
import { imageUrl } from './image-url';

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

// Shoppers' replies carry the same product as JSON the database keeps per product
// (products.shopper_json, catalogue_product_json in migration 0013), written on every product write;
// product-json.test.ts holds it equal to toProduct for any row. A change to the reply's shape
// changes both: toProduct here, and the function in a new migration that also rewrites the column.
