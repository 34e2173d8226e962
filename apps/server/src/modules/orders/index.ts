import type { FastifyInstance } from 'fastify';
import type { RouteModule } from '../../routes';
import { cartCheckoutRoutes } from './cart-checkout.routes';
import { codLinkRoutes, codShopperRoutes } from './cod.routes';
import { codAdminRoutes } from './cod-admin.routes';
import { holdAdminRoutes } from './hold-admin.routes';
import { orderAdminRoutes } from './order-admin.routes';
import { ordersRoutes } from './orders.routes';
import { paymentLinkAdminRoutes } from './payment-link-admin.routes';
import { shipmentAdminRoutes } from './shipment-admin.routes';

export type { CodService } from './cod.service';
export type { OrderWithCustomer } from './order-admin.repo';
export type { OrderAdminService } from './order-admin.service';
export { toAdminOrderSummary } from './order-admin-reply';
// For the demo seed (db/seed/orders.ts), which walks its orders through the lifecycle in its own transaction.
export { type Actor as OrderActor, moveOrder } from './order-lifecycle';
// For returns and line cancellations (modules/returns): one line's units back on the shelf.
export { restockOrderLine } from './order-line-stock';
// For returns (modules/returns): the order's status follows the units its returns brought back.
export { followReturnedUnits } from './order-returned-units';
export type { PaymentSettlement } from './order-settlement';
export { lockOrder, type OrderItemRow, type OrderRow } from './orders.repo';
export type { OrdersService } from './orders.service';
export type { PaymentLinkAdmin } from './payment-link-admin.service';
export type { OrderPayments, PaymentWindow } from './payment-ports';
export type { ShipmentAdminService } from './shipment-admin.service';
// For the demo seed, which ships its orders as an admin would.
export { insertShipment } from './shipments.repo';

/** Orders: shoppers place, pay and follow theirs; admins list, open, pay, move and delete them, and release holds. */
export const ordersModule: RouteModule = {
  store: async (app: FastifyInstance) => {
    await app.register(ordersRoutes);
    await app.register(cartCheckoutRoutes);
    await app.register(codLinkRoutes);
    await app.register(codShopperRoutes);
  },
  admin: async (app: FastifyInstance) => {
    await orderAdminRoutes(app);
    await holdAdminRoutes(app);
    await shipmentAdminRoutes(app);
    await codAdminRoutes(app);
    await paymentLinkAdminRoutes(app);
  },
};
