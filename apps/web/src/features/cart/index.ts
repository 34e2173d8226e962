// The cart feature's public entry: the only module of it that code outside the feature imports
// (the router also lazy-loads its pages/). Checked by `npm run lint` (.dependency-cruiser.cjs).
import type { QueryClient } from '@tanstack/react-query';

export { useCartCount } from './hooks/use-cart-count';
export { type CartChoice, type ProductInCart, useProductInCart } from './hooks/use-product-in-cart';
export { type CartDelivery, CartDeliveryContext } from './lib/cart-delivery';
export { forgetAccountCart } from './stores/account-cart';

/**
 * Takes the guest cart (and its coupon) into the account's at sign-in. Its code loads with the first sign-in, not
 * with every page (issue 27: the home route's JavaScript).
 */
export function mergeGuestCart(queryClient: QueryClient): Promise<void> {
  return import('./lib/guest-merge').then((merge) => merge.mergeGuestCart(queryClient));
}
