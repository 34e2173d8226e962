import type { RouteModule } from '../../routes';
import { catalogueAdminRoutes } from './catalogue.admin-routes';
import { catalogueRoutes } from './catalogue.routes';

export { IMAGE_VARIANT_TAGS, uploadsRoutes } from './uploads.routes';

/** The catalogue: shoppers browse categories and products; admins write products. */
export const catalogueModule: RouteModule = { store: catalogueRoutes, admin: catalogueAdminRoutes };
