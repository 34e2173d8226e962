// The cart feature's public entry: the only module of it that code outside the feature imports
// (the router also lazy-loads its pages/). Checked by `npm run lint` (.dependency-cruiser.cjs).
export { useCartCount } from './hooks/use-cart-count';
export { type CartChoice, type ProductInCart, useProductInCart } from './hooks/use-product-in-cart';
export { type CartDelivery, CartDeliveryContext } from './lib/cart-delivery';
export { mergeGuestCart } from './lib/guest-merge';
export { forgetAccountCart } from './stores/account-cart';
