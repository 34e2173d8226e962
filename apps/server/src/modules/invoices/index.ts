import type { FastifyInstance } from 'fastify';
import type { RouteModule } from '../../routes';
import { gstReportAdminRoutes } from './gst-report.routes';
import { invoicesAdminRoutes, invoicesRoutes } from './invoices.routes';

export { CreditNotesDue } from './credit-notes-due';
export { GstReportService } from './gst-report';
export type { InvoicedOrder } from './invoice-documents';
export { InvoicesService, type IssuedCreditNote } from './invoices.service';

async function adminRoutes(app: FastifyInstance) {
  await invoicesAdminRoutes(app);
  await gstReportAdminRoutes(app);
}

/** Tax invoices and credit notes: issued when an order is paid or refunded, downloaded as kept. */
export const invoicesModule: RouteModule = { store: invoicesRoutes, admin: adminRoutes };
