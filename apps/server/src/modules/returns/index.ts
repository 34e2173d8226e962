import type { RouteModule } from '../../routes';
import { returnsAdminRoutes } from './returns.admin-routes';
import { returnsRoutes } from './returns.routes';

export { ReturnsService } from './returns.service';

/** Returns of delivered goods and cancellations of some items before shipping (issue 24 points 3-4). */
export const returnsModule: RouteModule = { store: returnsRoutes, admin: returnsAdminRoutes };
