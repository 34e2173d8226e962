import type { RouteModule } from '../../routes';
import { orderAdminRoutes } from './order-admin.routes';

/** Orders: admins list, open, pay, move and delete them (checkout adds the shoppers' routes). */
export const ordersModule: RouteModule = { admin: orderAdminRoutes };
