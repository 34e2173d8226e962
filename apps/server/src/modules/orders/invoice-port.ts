import type { OrderPricing } from '@bazaar/shared';
import type { DbOrTx } from '../../db/client';
import { orderNumber } from './order-number';
import type { OrderRow } from './orders.repo';

/** What orders give the invoices module when an order is paid (bound in services.ts). */
export interface InvoiceIssuer {
  issue(
    tx: DbOrTx,
    order: {
      id: string;
      reference: string;
      name: string;
      phone: string;
      shippingAddress: OrderRow['shippingAddress'];
      pricing: OrderPricing | null;
      buyerGstin: string | null;
      buyerLegalName: string | null;
    },
  ): Promise<unknown>;
}

/**
 * The paid order's invoice, in the transaction that paid it: numbered there, so a rollback takes the
 * number back with the payment (no gaps), and a paid order never lacks its invoice (its PDF is rendered
 * on the first download). Call it last in that transaction: the series' counter stays locked until the commit.
 */
export function issueInvoice(invoices: InvoiceIssuer, tx: DbOrTx, order: OrderRow): Promise<unknown> {
  return invoices.issue(tx, {
    id: order.id,
    reference: orderNumber(order.id),
    name: order.name,
    phone: order.phone,
    shippingAddress: order.shippingAddress,
    pricing: order.pricing,
    buyerGstin: order.buyerGstin,
    buyerLegalName: order.buyerLegalName,
  });
}
