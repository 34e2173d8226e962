import { formatINR, idSchema, paiseToRupees, takesPaymentLink } from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import type { Actor, AuditService } from '../audit/index';
import type { NotifyService } from '../notify/index';
import { orderNumber } from './order-number';
import { findOrderById, lockOrder, type OrderRow } from './orders.repo';
import type { OrderPayments } from './payment-ports';

export interface PaymentLinkAdminDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  config: Pick<AppConfig, 'publicUrl'>;
  audit: Pick<AuditService, 'record'>;
  notify: Pick<NotifyService, 'enqueue'>;
  /** The provider's link for the order (payments/payment-links.ts), through the orders' port. */
  payments: Pick<OrderPayments, 'paymentLinkFor'>;
}

export interface SentPaymentLink {
  url: string;
  via: 'payment_link' | 'order_page';
}

/**
 * The admin's "Send payment link" for an unpaid order, COD or not (an order taken by phone, a
 * shopper whose card failed, a confirmed COD order the shopper would rather prepay before it ships): the provider's link for the order's total (the open one again while
 * it is open), or, where the provider has no links (the sandbox), the shopper's order page, where
 * Pay now opens the payment window. Mailed (and sent by WhatsApp where configured) through the
 * outbox and audited, in one transaction. A paid link settles through the usual completion path
 * (PaymentsService.settleIn), so a link paid twice or raced with the webhook pays the order once.
 */
export class PaymentLinkAdmin {
  constructor(private readonly deps: PaymentLinkAdminDeps) {}

  async send(actor: Actor, orderId: string): Promise<SentPaymentLink> {
    const { db, clock } = this.deps;
    const order = idSchema.safeParse(orderId).success ? await findOrderById(db, orderId) : undefined;
    if (!order) throw notFound('Order not found');
    refuseUnlinkable(order, clock.now());
    // Asked of the provider outside the transaction (a network call): the link is made once per order
    // and amount, so asking again after a refusal below sends the same link.
    const link = await this.deps.payments.paymentLinkFor(order).catch((err: unknown) => {
      this.deps.log.error({ err, orderId: order.id }, 'the payment provider made no payment link');
      throw conflict('The payment provider did not make a link just now. Try again in a minute.');
    });
    const sent: SentPaymentLink = link
      ? { url: link.url, via: 'payment_link' }
      : { url: `${this.deps.config.publicUrl.replace(/\/+$/, '')}/orders/${order.id}`, via: 'order_page' };
    await inTransaction(db, async (tx) => {
      // Paid or cancelled meanwhile (a webhook, the shopper): nothing is sent.
      const current = (await lockOrder(tx, order.id))!;
      const at = clock.now();
      refuseUnlinkable(current, at);
      const number = orderNumber(current.id);
      await this.deps.notify.enqueue(
        tx,
        'payment_link',
        { email: current.email, phone: current.phone },
        { name: current.name, orderNumber: number, totalPaise: current.totalPaise, payUrl: sent.url },
        // Sent again on a later click (the shopper lost the mail), but once per minute: a double
        // click sends one message. The audit log lists every click.
        { orderId: current.id, key: `payment_link:${current.id}:${Math.floor(at.getTime() / 60_000)}` },
      );
      await this.deps.audit.record(tx, actor, {
        action: 'order.payment_link_sent',
        entityId: current.id,
        summary: `Order ${number}: payment link for ${formatINR(paiseToRupees(current.totalPaise))} sent to ${current.email}`,
        after: { url: sent.url, via: sent.via, totalPaise: current.totalPaise },
      });
    });
    return sent;
  }
}

/** A link is for an unpaid order that a payment would still settle; anything else is a 409 saying why. */
function refuseUnlinkable(order: OrderRow, now: Date): void {
  if (order.paidAt)
    throw conflict('This order is already paid: there is nothing to send a payment link for.');
  if (order.status === 'Cancelled') {
    throw conflict('This order was cancelled, so it cannot be paid. Ask the shopper to order again.');
  }
  if (!takesPaymentLink({ isPaid: false, status: order.status, paymentMethod: order.paymentMethod })) {
    throw conflict(
      `This order is ${order.status}: a payment link is only for an order awaiting payment, or a cash-on-delivery order not yet shipped.`,
    );
  }
  if (order.expiresAt && order.expiresAt <= now) {
    throw conflict(
      order.status === 'Pending'
        ? "This order's payment window has closed, so it is about to be cancelled. Ask the shopper to order again."
        : 'This cash-on-delivery order was not confirmed in time, so it is about to be cancelled.',
    );
  }
}
