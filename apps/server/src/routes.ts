import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { addressesModule } from './modules/addresses/index';
import { aiModule } from './modules/ai/index';
import { auditModule } from './modules/audit/index';
import { cartModule } from './modules/cart/index';
import { catalogueModule } from './modules/catalogue/index';
import { contactModule } from './modules/contact/index';
import { couponsModule } from './modules/coupons/index';
import { dashboardModule } from './modules/dashboard/index';
import { deliveryModule } from './modules/delivery/index';
import { healthModule } from './modules/health/index';
import { inventoryModule } from './modules/inventory/index';
import { invoicesModule } from './modules/invoices/index';
import { listingModule } from './modules/listing/index';
import { newsletterModule } from './modules/newsletter/index';
import { notifyModule } from './modules/notify/index';
import { ordersModule } from './modules/orders/index';
import { paymentsModule } from './modules/payments/index';
import { productImportModule } from './modules/product-import/index';
import { returnsModule } from './modules/returns/index';
import { settingsModule } from './modules/settings/index';
import { stockAlertsModule } from './modules/stock-alerts/index';
import { usersModule } from './modules/users/index';
import { wishlistModule } from './modules/wishlist/index';

/**
 * A module's routes, split by who acts. Both trees sit under /api and use the
 * paths the spec names; the admin tree is registered inside the one scope
 * that requires an admin, so its handlers never check the role themselves.
 */
export interface RouteModule {
  /** Guests' and shoppers' routes (`<domain>.routes.ts`). */
  store?: FastifyPluginAsync;
  /** Administrators' routes (`<domain>.admin-routes.ts`). */
  admin?: FastifyPluginAsync;
}

/** Every module with routes, in registration order. A new module adds itself here. */
export const ROUTE_MODULES: readonly RouteModule[] = [
  healthModule,
  catalogueModule,
  listingModule,
  usersModule,
  settingsModule,
  aiModule,
  auditModule,
  contactModule,
  newsletterModule,
  cartModule,
  wishlistModule,
  ordersModule,
  couponsModule,
  dashboardModule,
  paymentsModule,
  notifyModule,
  deliveryModule,
  addressesModule,
  stockAlertsModule,
  invoicesModule,
  returnsModule,
  inventoryModule,
  productImportModule,
];

/** /api: every module's store routes, then one encapsulated admin scope holding every admin route. */
export async function apiRoutes(api: FastifyInstance, opts: { modules: readonly RouteModule[] }) {
  for (const module of opts.modules) if (module.store) await api.register(module.store);
  await api.register(async function adminScope(admin) {
    // onRequest: refused before the body is even read.
    admin.addHook('onRequest', admin.requireAdmin);
    for (const module of opts.modules) if (module.admin) await admin.register(module.admin);
  });
}
