import type { RouteModule } from '../../routes';
import { catalogueAdminRoutes } from './catalogue.admin-routes';
import { catalogueRoutes } from './catalogue.routes';

export {
  type CatalogueChangeListener,
  CatalogueService,
} from './catalogue.service';
export type { CategoriesService } from './categories.service';
export { imageUrl } from './image-url';
export { PRODUCT_IMAGE_RULES, storedValueOf, storeProductImages } from './product-images';
export { type ProductRow, toProduct } from './product-view';
export { IMAGE_VARIANT_TAGS, uploadsRoutes } from './uploads.routes';

/**
 * The catalogue: products, categories and their admin, product pictures, and the announcement of
 * every product change. What shoppers browse and search is modules/listing.
 */
export const catalogueModule: RouteModule = { store: catalogueRoutes, admin: catalogueAdminRoutes };
