// The catalogue feature's public entry: the only module of it that code outside the feature imports
// (the router also lazy-loads its pages/). Checked by `npm run lint` (.dependency-cruiser.cjs).
export { CategoryLinks } from './components/category-links';
export { type ProductDelivery, ProductDeliveryContext } from './lib/product-delivery';
export {
  type CartControls,
  type ProductShopping,
  ProductShoppingContext,
  type WishlistControls,
} from './lib/product-shopping';
export { searchPath } from './lib/search-path';

/** The header's search box, loaded apart: the app defers it out of every page's first load. */
export const loadHeaderSearch = () =>
  import('./components/header-search').then((module) => module.HeaderSearch);
