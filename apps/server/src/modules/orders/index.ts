import type { FastifyInstance } from 'fastify';
import type { RouteModule } from '../../routes';
import { cartCheckoutRoutes } from './cart-checkout.routes';
import { holdAdminRoutes } from './hold-admin.routes';
import { orderAdminRoutes } from './order-admin.routes';
import { ordersRoutes } from './orders.routes';

/** Orders: shoppers place, pay and follow theirs; admins list, open, pay, move and delete them, and release holds. */
export const ordersModule: RouteModule = {
  store: async (app: FastifyInstance) => {
    await app.register(ordersRoutes);
    await app.register(cartCheckoutRoutes);
  },
  admin: async (app: FastifyInstance) => {
    await orderAdminRoutes(app);
    await holdAdminRoutes(app);
  },
};
