import type { Product } from '@bazaar/shared/schemas/catalogue';
import { createContext, useContext } from 'react';

/** What the wishlist needs of the cart: adding one product, resolving false when it was refused. */
export interface WishlistCart {
  useCart(product: Product): { add(): Promise<boolean> };
}

/**
 * The cart, as the app layer binds it (app/providers.tsx): features do not import each other, so the
 * wishlist declares what it needs and the app hands in the cart feature's hook.
 */
export const WishlistCartContext = createContext<WishlistCart | null>(null);

export function useWishlistCart(product: Product) {
  const cart = useContext(WishlistCartContext);
  if (!cart) throw new Error('WishlistCartContext is missing: the app layer binds the cart to the wishlist.');
  return cart.useCart(product);
}
