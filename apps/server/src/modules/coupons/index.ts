import type { RouteModule } from '../../routes';
import { couponAdminRoutes } from './coupon-admin.routes';

export type { CouponsService } from './coupons.service';

/** Coupons: admins manage them at the spec's /coupons/* paths (the cart applies them). */
export const couponsModule: RouteModule = { admin: couponAdminRoutes };
