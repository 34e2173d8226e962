// The wishlist feature's public entry: the only module of it that code outside the feature imports
// (the router also lazy-loads its pages/). Checked by `npm run lint` (.dependency-cruiser.cjs).

export { type ProductInWishlist, useProductInWishlist } from './hooks/use-product-in-wishlist';
export { useWishlistCount } from './hooks/use-wishlist-count';
export { mergeGuestWishlist } from './lib/guest-merge';
export { type WishlistCart, WishlistCartContext } from './lib/wishlist-cart';
export { forgetAccountWishlist } from './stores/account-wishlist';
