import {
  type CodConfirmReply,
  formatINR,
  idSchema,
  type OrderPaymentReply,
  type PayOnlineReply,
  paiseToRupees,
} from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import type { Actor as AdminActor, AuditService } from '../audit/index';
import type { NotifyService } from '../notify/index';
import type { CatalogueCache } from './catalogue-port';
import { COD_METHOD, findUnconfirmedDueToAsk, lockUnconfirmedDue, recordCashCollected } from './cod.repo';
import { orderOfCodToken } from './cod-confirmation';
import { type InvoiceIssuer, issueInvoice } from './invoice-port';
import { cancelOrder } from './order-cancellation';
import { moveOrder } from './order-lifecycle';
import { orderNumber } from './order-number';
import { queueOrderPlaced } from './order-placed-message';
import { findItemsOfOrders, findOrderById, lockOrder, type OrderRow } from './orders.repo';
import type { OrderPayments } from './payment-ports';

export interface CodServiceDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  config: Pick<AppConfig, 'jwtSecret'>;
  notify: Pick<NotifyService, 'enqueue'>;
  catalogue: CatalogueCache;
  invoices: InvoiceIssuer;
  audit: Pick<AuditService, 'record'>;
  /** A payment link for an order (Razorpay Payment Links), when the provider has them. */
  payments: Pick<OrderPayments, 'paymentLinkFor' | 'refundCancelled' | 'settleFromProvider'>;
  /** The payment window's details, as Pay now gives them (the sandbox pays a COD order so). */
  paymentWindow: (order: OrderRow) => Promise<OrderPaymentReply>;
}

/** How many overdue COD orders one transaction of the job cancels. */
const CANCEL_BATCH = 25;
/** Overdue orders whose payment the provider is asked about, per round of the job. */
const ASK_BATCH = 50;
/** An order whose provider could not be asked is cancelled anyway once its deadline passed this long ago. */
const UNANSWERED_MS = 60 * 60_000;

const awaitingMessage = 'Confirm your cash-on-delivery order so we can ship it.';

/**
 * Cash on delivery after placing (placing itself is OrdersService.place with cod-placing.ts): the
 * shopper confirms (the mailed link, or the order page) or pays online instead; unconfirmed orders
 * are cancelled at their deadline by a job every process runs; the admin records the cash collected
 * at the door (a payment of method `cod`, then Delivered) or the parcel returned to origin.
 */
export class CodService {
  constructor(private readonly deps: CodServiceDeps) {}

  /** GET /orders/cod/confirm?token=: the order the link names, for the confirmation page. */
  async preview(token: string): Promise<CodConfirmReply> {
    const order = await this.orderOfToken(token);
    return confirmReply(
      order,
      order.status === 'Awaiting confirmation' ? awaitingMessage : statusMessage(order),
    );
  }

  /** POST /orders/cod/confirm: the shopper confirms by the link (no sign-in: the link is the proof). */
  async confirmByToken(token: string): Promise<CodConfirmReply> {
    const order = await this.orderOfToken(token);
    if (!order.userId) throw notFound('Order not found');
    return this.confirm(order.id, order.userId);
  }

  /** POST /orders/{id}/confirm-cod: the signed-in shopper confirms their own order. */
  async confirmOwn(userId: string, orderId: string): Promise<CodConfirmReply> {
    const order = await this.ownOrder(userId, orderId);
    return this.confirm(order.id, userId);
  }

  /**
   * POST /orders/{id}/pay-online: "Pay now online instead" on a COD order before it ships (awaiting
   * confirmation, or confirmed and still Processing); paid, it becomes a prepaid order.
   */
  async payOnline(userId: string, orderId: string): Promise<PayOnlineReply> {
    const order = await this.ownOrder(userId, orderId);
    if (order.paidAt) throw conflict('This order is already paid.');
    if (order.status !== 'Awaiting confirmation' && order.status !== 'Processing') {
      throw conflict(
        `This order is ${order.status}: only an order that has not shipped yet can be paid online instead.`,
      );
    }
    const link = await this.deps.payments.paymentLinkFor(order);
    if (link) return { kind: 'link', url: link.url, payment: null };
    return { kind: 'checkout', url: null, payment: await this.deps.paymentWindow(order) };
  }

  /**
   * The job, on every process: COD orders unconfirmed at their deadline are cancelled (stock and
   * coupon back, the shopper told), a batch per transaction, each order claimed with SKIP LOCKED and
   * its status checked by the lifecycle's conditional move, so each is cancelled exactly once.
   * An order the shopper may have paid online instead (an open payment link or provider order) is
   * first asked about at the provider: paid, it is settled through the usual completion path and
   * not cancelled. Returns how many this process cancelled.
   */
  async cancelUnconfirmed(): Promise<number> {
    const { db, clock } = this.deps;
    const unanswered = await this.askProviderFirst();
    let cancelled = 0;
    for (;;) {
      const now = clock.now();
      const ids = await inTransaction(db, async (tx) => {
        const due = await lockUnconfirmedDue(tx, now, CANCEL_BATCH, unanswered);
        for (const order of due) {
          await cancelOrder(
            tx,
            this.deps,
            order,
            { kind: 'system' },
            {
              reason: 'not confirmed in time; stock and coupon released',
              at: now,
            },
          );
        }
        return due.map((o) => o.id);
      });
      cancelled += ids.length;
      await this.stockChanged(ids);
      if (ids.length < CANCEL_BATCH) return cancelled;
    }
  }

  /**
   * Overdue orders with an open payment link or provider order, asked about at the provider (a paid
   * one is settled and so no longer awaiting). The ids of those the provider could not be asked
   * about, left for the next round until UNANSWERED_MS past their deadline.
   */
  private async askProviderFirst(): Promise<string[]> {
    const now = this.deps.clock.now();
    const leave: string[] = [];
    const asked: string[] = [];
    for (;;) {
      const batch = await findUnconfirmedDueToAsk(this.deps.db, now, ASK_BATCH, asked);
      for (const order of batch) {
        asked.push(order.id);
        const answer = await this.deps.payments.settleFromProvider(
          order,
          'before cancelling an unconfirmed cash-on-delivery order',
        );
        const overdueMs = now.getTime() - (order.expiresAt?.getTime() ?? now.getTime());
        if (answer === 'unanswered' && overdueMs < UNANSWERED_MS) leave.push(order.id);
      }
      if (batch.length < ASK_BATCH) return leave;
    }
  }

  /**
   * POST /admin/orders/{id}/cash-collected: the courier handed the parcel over for its cash. In one
   * transaction: the cash recorded as a captured payment of the order's total (provider and method
   * `cod`; a second collection is refused), the order paid (revenue from now, once), Delivered, its
   * invoice issued, the shopper told, the admin's write audited.
   */
  async cashCollected(actor: AdminActor, orderId: string, note?: string): Promise<void> {
    const { db, clock } = this.deps;
    const at = clock.now();
    await inTransaction(db, async (tx) => {
      const order = idSchema.safeParse(orderId).success ? await lockOrder(tx, orderId) : undefined;
      if (!order) throw notFound('Order not found');
      if (order.paymentMethod !== COD_METHOD) {
        throw conflict('This order was paid online: there is no cash to collect. Mark it Delivered instead.');
      }
      if (order.paidAt) throw conflict('The cash for this order was already recorded.');
      if (order.status !== 'Shipped') {
        throw conflict(
          `This order is ${order.status}: cash is collected when a shipped parcel is delivered.`,
        );
      }
      await recordCashCollected(tx, order, { recordedBy: actor.id, at });
      const paid = (await findOrderById(tx, order.id))!;
      await moveOrder(
        tx,
        paid,
        'Delivered',
        { kind: 'admin', userId: actor.id },
        {
          at,
          note: note ?? `cash collected: ${formatINR(paiseToRupees(order.totalPaise))}`,
        },
      );
      await issueInvoice(this.deps.invoices, tx, paid);
      await this.deps.audit.record(tx, actor, {
        action: 'order.cash_collected',
        entityId: order.id,
        summary: `Order ${orderNumber(order.id)}: cash collected ${formatINR(paiseToRupees(order.totalPaise))}, Shipped → Delivered`,
        before: { status: order.status, isPaid: false },
        after: { status: 'Delivered', isPaid: true, paidWith: COD_METHOD },
      });
      await this.deps.notify.enqueue(
        tx,
        'order_delivered',
        { email: order.email, phone: order.phone },
        { name: order.name, orderNumber: orderNumber(order.id) },
        { orderId: order.id },
      );
    });
  }

  private async confirm(orderId: string, userId: string): Promise<CodConfirmReply> {
    const { db, clock } = this.deps;
    const moved = await inTransaction(db, async (tx) => {
      const order = (await lockOrder(tx, orderId))!;
      if (order.status === 'Processing' && order.paymentMethod === COD_METHOD) return order; // confirmed before
      if (order.status !== 'Awaiting confirmation') throw conflict(statusMessage(order));
      const confirmed = await moveOrder(
        tx,
        order,
        'Processing',
        { kind: 'shopper', userId },
        {
          at: clock.now(),
          note: 'confirmed by the shopper',
        },
      );
      await queueOrderPlaced(tx, this.deps.notify, confirmed);
      return confirmed;
    });
    return confirmReply(
      moved,
      'Thank you: your order is confirmed and will be shipped soon. Pay the courier on delivery.',
    );
  }

  private async orderOfToken(token: string): Promise<OrderRow> {
    const id = orderOfCodToken(this.deps.config.jwtSecret, token);
    const order = id && idSchema.safeParse(id).success ? await findOrderById(this.deps.db, id) : undefined;
    if (!order) {
      throw notFound('This confirmation link is not valid. Open the order from My Orders instead.');
    }
    return order;
  }

  private async ownOrder(userId: string, orderId: string): Promise<OrderRow> {
    const order = idSchema.safeParse(orderId).success
      ? await findOrderById(this.deps.db, orderId)
      : undefined;
    if (!order || order.userId !== userId || order.shopperDeletedAt) throw notFound('Order not found');
    return order;
  }

  private async stockChanged(orderIds: readonly string[]): Promise<void> {
    if (orderIds.length === 0) return;
    try {
      const items = await findItemsOfOrders(this.deps.db, orderIds);
      await this.deps.catalogue.invalidate([
        ...new Set(items.flatMap((i) => (i.productId ? [i.productId] : []))),
      ]);
    } catch (err) {
      this.deps.log.warn({ err }, 'catalogue cache not refreshed after COD cancellations');
    }
  }
}

function statusMessage(order: OrderRow): string {
  if (order.status === 'Cancelled') return 'This order was cancelled, so it can no longer be confirmed.';
  if (order.paidAt && order.status === 'Processing') return 'This order is paid and will be shipped soon.';
  if (order.status === 'Processing') return 'This order is already confirmed and will be shipped soon.';
  return `This order is ${order.status}: there is nothing to confirm.`;
}

function confirmReply(order: OrderRow, message: string): CodConfirmReply {
  return {
    orderId: order.id,
    orderNumber: orderNumber(order.id),
    status: order.status,
    total: paiseToRupees(order.totalPaise),
    awaiting: order.status === 'Awaiting confirmation',
    message,
  };
}
