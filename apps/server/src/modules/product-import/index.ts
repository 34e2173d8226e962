import type { RouteModule } from '../../routes';
import { productImportAdminRoutes } from './product-import.admin-routes';

export { isPublicAddress } from './image-fetch';
export { ProductImportService } from './product-import.service';

/** Import/Export of products and their variants as CSV (issue 23 point 6, decision 197). */
export const productImportModule: RouteModule = { admin: productImportAdminRoutes };
