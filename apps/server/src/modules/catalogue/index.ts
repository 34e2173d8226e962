import type { RouteModule } from '../../routes';
import { catalogueRoutes } from './catalogue.routes';

export { uploadsRoutes } from './uploads.routes';

/** Storefront catalogue: categories and products. Admin product writes will add `admin`. */
export const catalogueModule: RouteModule = { store: catalogueRoutes };
