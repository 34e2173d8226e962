import type { RouteModule } from '../../routes';
import { paymentsRoutes } from './payments.routes';
import { refundsAdminRoutes } from './refunds.admin-routes';

/** The payment provider's webhook, and the sandbox's payment page when the sandbox is the provider. */
export const paymentsModule: RouteModule = { store: paymentsRoutes, admin: refundsAdminRoutes };
export type { RefundListener, RefundRecorder, RefundsService } from './refunds.service';
