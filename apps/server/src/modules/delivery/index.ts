import type { RouteModule } from '../../routes';
import { deliveryAdminRoutes } from './delivery.admin-routes';
import { deliveryRoutes } from './delivery.routes';

export { type DeliveryQuote, DeliveryService } from './delivery.service';
// The delivery module's public entry: other modules reach it through this file or the services
// container (`services.delivery`: quote, defaultFeeRule, onChange).
export { DeliveryAdminService } from './delivery-admin.service';
export type { DeliveryDates } from './delivery-dates';

/** Where the shop delivers: shoppers check a pincode; admins define the zones and the calendar. */
export const deliveryModule: RouteModule = { store: deliveryRoutes, admin: deliveryAdminRoutes };
