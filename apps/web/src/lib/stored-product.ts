import type { CardProduct } from './card-product';

/**
 * What the browser keeps of a product in the guest cart and wishlist. The spec copies `productImage`
 * to `image` for these lists. The prices are a snapshot to show; the server prices every order itself.
 */
export interface StoredProduct {
  _id: string;
  name: string;
  image: string | null;
  /** Rupees, before the product discount. */
  price: number;
  /** Percent. */
  discount: number;
}

export function toStoredProduct(product: CardProduct): StoredProduct {
  return {
    _id: product._id,
    name: product.name,
    image: product.productImage ?? product.images[0] ?? null,
    price: product.price,
    discount: product.discount,
  };
}

const amount = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;

/** An entry read back from storage as a product, or null when it is not one. */
export function readStoredProduct(value: unknown): StoredProduct | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Record<string, unknown>;
  if (typeof entry._id !== 'string' || entry._id === '' || typeof entry.name !== 'string') return null;
  return {
    _id: entry._id,
    name: entry.name,
    image: typeof entry.image === 'string' ? entry.image : null,
    price: amount(entry.price),
    discount: Math.min(100, amount(entry.discount)),
  };
}
