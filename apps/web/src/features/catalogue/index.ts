// The catalogue feature's public entry: the only module of it that code outside the feature imports
// (the router also lazy-loads its pages/). Checked by `npm run lint` (.dependency-cruiser.cjs).
export { CategoryLinks } from './components/category-links';
export { HeaderSearch } from './components/header-search';
export { type ProductDelivery, ProductDeliveryContext } from './lib/product-delivery';
export {
  type CartControls,
  type ProductShopping,
  ProductShoppingContext,
  type WishlistControls,
} from './lib/product-shopping';
export { searchPath } from './lib/search-path';
