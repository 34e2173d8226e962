import type { Product } from '@bazaar/shared/schemas/catalogue';

/**
 * A product as a card shows it (and adds it to the cart or wishlist): the fields of the API's Product
 * that the home page's rows and carousel use. Kept in the query cache under its own key, so a page that
 * needs the whole product never finds this shape there; the server-rendered page hands the browser
 * these instead of whole products (a third of the bytes).
 */
export type CardProduct = Pick<
  Product,
  | '_id'
  | 'name'
  | 'title'
  | 'description'
  | 'brand'
  | 'price'
  | 'discount'
  | 'salePrice'
  | 'rating'
  | 'numReviews'
  | 'productImage'
  | 'images'
  | 'createdAt'
>;

export function toCardProduct(product: Product): CardProduct {
  return {
    _id: product._id,
    name: product.name,
    title: product.title,
    description: product.description,
    brand: product.brand,
    price: product.price,
    discount: product.discount,
    salePrice: product.salePrice,
    rating: product.rating,
    numReviews: product.numReviews,
    productImage: product.productImage,
    // A card shows the main image, or the gallery's first when there is no main one.
    images: product.productImage ? [] : product.images.slice(0, 1),
    createdAt: product.createdAt,
  };
}
