import type { DbOrTx, Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { OrderRow } from '../orders/index';
import { ensureLinkPayment, findOpenLink, insertLink, lockLink, markLinkPaid } from './payment-links.repo';
import type { PaymentProvider, ProviderPayment } from './payment-provider';

// Payment links (Razorpay Payment Links, through the SDK): "Pay now online instead" on a COD order.
// A link is made once per order and amount (the open one is sent again); Razorpay makes an order of
// its own when the link is paid, so its payment_link.paid webhook is mapped to our order by the link's
// id (our payment_links row; reference_id is our order id too) and the payment recorded on that
// provider order, then settled by the usual path (PaymentsService.settleIn): once, whichever of
// payment_link.paid and payment.captured comes first, however often either is delivered.

export interface PaymentLinkDeps {
  clock: Clock;
  payments: PaymentProvider;
  publicUrl: string;
}

/** The order's link: the open one of its total, or a new one; null when the provider has no links. */
export async function paymentLinkFor(
  deps: PaymentLinkDeps,
  db: DbOrTx,
  order: OrderRow,
): Promise<{ url: string } | null> {
  const { payments: provider, clock } = deps;
  if (!provider.createPaymentLink) return null;
  const open = await findOpenLink(db, order.id, provider.window.provider);
  if (open && open.amountPaise === order.totalPaise) return { url: open.shortUrl };
  const ordersUrl = `${deps.publicUrl.replace(/\/+$/, '')}/orders/${order.id}`;
  const link = await provider.createPaymentLink({
    amountPaise: order.totalPaise,
    // One link per reference at Razorpay: a second link for the same order (its total changed) gets its own.
    referenceId: open ? `${order.id.slice(0, 30)}-${clock.now().getTime().toString(36)}` : order.id,
    description: `Order ${order.id.slice(0, 8)} at the shop`,
    customer: { name: order.name, email: order.email, contact: order.phone },
    callbackUrl: ordersUrl,
    expireBy: order.expiresAt,
  });
  await insertLink(db, {
    orderId: order.id,
    provider: provider.window.provider,
    linkId: link.id,
    shortUrl: link.shortUrl,
    amountPaise: link.amountPaise,
    createdAt: clock.now(),
  });
  return { url: link.shortUrl };
}

/**
 * In the webhook's transaction, before the payment is settled: the link paid records the provider
 * order its payment was made on as one of our order's payments. False for a link this shop never made.
 */
export async function linkPaid(
  deps: Pick<PaymentLinkDeps, 'clock' | 'payments'>,
  tx: Tx,
  linkId: string,
  payment: ProviderPayment,
): Promise<boolean> {
  const provider = deps.payments.window.provider;
  const link = await lockLink(tx, provider, linkId);
  if (!link) return false;
  const at = deps.clock.now();
  await ensureLinkPayment(tx, {
    orderId: link.orderId,
    provider,
    providerOrderId: payment.orderId,
    amountPaise: link.amountPaise,
    at,
  });
  if (link.status === 'created') await markLinkPaid(tx, link.id, at);
  return true;
}
