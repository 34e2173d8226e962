import type { RouteModule } from '../../routes';
import { stockAlertRoutes } from './stock-alerts.routes';

/** Back-in-stock alerts: "Notify me" on a sold-out variant, its confirm and unsubscribe links. */
export const stockAlertsModule: RouteModule = { store: stockAlertRoutes };
export { type AlertMail, StockAlertsService } from './stock-alerts.service';
