import type { RouteModule } from '../../routes';
import { ordersRoutes } from './orders.routes';

/** Checkout and the shopper's orders. The admin's order screens are another module's. */
export const ordersModule: RouteModule = { store: ordersRoutes };
