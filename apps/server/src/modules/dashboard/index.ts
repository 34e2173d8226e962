import type { RouteModule } from '../../routes';
import { dashboardRoutes } from './dashboard.routes';

/** The admin dashboard's figures. */
export const dashboardModule: RouteModule = { admin: dashboardRoutes };
