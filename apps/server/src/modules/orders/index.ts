import type { RouteModule } from '../../routes';
import { orderAdminRoutes } from './order-admin.routes';
import { ordersRoutes } from './orders.routes';

/** Orders: shoppers place, pay and follow theirs; admins list, open, pay, move and delete them. */
export const ordersModule: RouteModule = { store: ordersRoutes, admin: orderAdminRoutes };
