// The wishlist feature's public entry: the only module of it that code outside the feature imports
// (the router also lazy-loads its pages/). Checked by `npm run lint` (.dependency-cruiser.cjs).
import type { QueryClient } from '@tanstack/react-query';

export { type ProductInWishlist, useProductInWishlist } from './hooks/use-product-in-wishlist';
export { useWishlistCount } from './hooks/use-wishlist-count';
export { type WishlistCart, WishlistCartContext } from './lib/wishlist-cart';
export { forgetAccountWishlist } from './stores/account-wishlist';

/**
 * Takes the guest wishlist into the account's at sign-in. Its code loads with the first sign-in, not
 * with every page (issue 27: the home route's JavaScript).
 */
export function mergeGuestWishlist(queryClient: QueryClient): Promise<void> {
  return import('./lib/guest-merge').then((merge) => merge.mergeGuestWishlist(queryClient));
}
