import type { RouteModule } from '../../routes';
import { invoicesAdminRoutes, invoicesRoutes } from './invoices.routes';

export type { InvoicedOrder } from './invoice-documents';
// issueCreditNote is the refunds' entry (wired at merge): services.invoices.issueCreditNote(orderId, …).
export { InvoicesService, type IssuedCreditNote } from './invoices.service';

/** Tax invoices and credit notes: issued when an order is paid or refunded, downloaded as kept. */
export const invoicesModule: RouteModule = { store: invoicesRoutes, admin: invoicesAdminRoutes };
