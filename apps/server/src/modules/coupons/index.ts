import type { RouteModule } from '../../routes';
import { couponAdminRoutes } from './coupon-admin.routes';
import { couponRoutes } from './coupons.routes';

export type { CouponsService } from './coupons.service';

/** Coupons: admins manage them at the spec's /coupons/* paths; guests check one (the cart applies them). */
export const couponsModule: RouteModule = { store: couponRoutes, admin: couponAdminRoutes };
