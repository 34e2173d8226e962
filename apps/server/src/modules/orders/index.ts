import type { FastifyInstance } from 'fastify';
import type { RouteModule } from '../../routes';
import { holdAdminRoutes } from './hold-admin.routes';
import { orderAdminRoutes } from './order-admin.routes';
import { ordersRoutes } from './orders.routes';

export type { OrderWithCustomer } from './order-admin.repo';
export type { OrderAdminService } from './order-admin.service';
export { toAdminOrderSummary } from './order-admin-reply';

/** Orders: shoppers place, pay and follow theirs; admins list, open, pay, move and delete them, and release holds. */
export const ordersModule: RouteModule = {
  store: ordersRoutes,
  admin: async (app: FastifyInstance) => {
    await orderAdminRoutes(app);
    await holdAdminRoutes(app);
  },
};
