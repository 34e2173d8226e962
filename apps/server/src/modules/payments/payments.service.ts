import { createHash } from 'node:crypto';
import {
  CHECKOUT_MESSAGES,
  formatINR,
  idSchema,
  paiseToRupees,
  type VerifyPaymentReply,
} from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { killPoint } from '../../lib/kill-point';
import type { OrderPayments, OrderRow, OrdersService } from '../orders/index';
import { checksUntil, nextCheckAt } from './check-schedule';
import { linkPaid, paymentLinkFor } from './payment-links';
import { findOpenLinks } from './payment-links.repo';
import {
  type CheckoutWindow,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderOrder,
  type ProviderPayment,
} from './payment-provider';
import {
  claimRefundDue,
  findOpenPaymentsOfOrder,
  findPaymentByProviderOrder,
  findPaymentOfOrder,
  insertPayment,
  insertPaymentEvent,
  lockDueChecks,
  lockPaymentByProviderOrder,
  markCaptured,
  markFailed,
  markRefundDue,
  markRefunded,
  type PaymentRow,
  releaseRefundClaim,
  setEventOutcome,
  setNextCheck,
} from './payments.repo';
import type { RefundsService } from './refunds.service';
import { parseWebhook } from './webhook-event';

/** What a captured, failed or late payment did to its order. */
export type Settlement =
  /** The order is paid (now, or it already was with this payment). */
  | { outcome: 'paid'; orderId: string }
  /** The order could not be honoured (it expired and its stock or coupon is gone): the money goes back. */
  | { outcome: 'refunded'; orderId: string; amountPaise: number; reason: string }
  | { outcome: 'failed'; orderId: string; reason: string | null }
  /** Nothing to do: not captured yet, or not an order of this shop. */
  | { outcome: 'ignored'; reason: string };

export interface PaymentsServiceDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  payments: PaymentProvider;
  /** Orders' public side: payments read and lock the order they settle, and hand it the captured money. */
  orders: Pick<OrdersService, 'find' | 'lockForPayment' | 'settlePayment'>;
  /** Refund webhooks settle refunds; the job retries the ones the provider never answered. */
  refunds: Pick<RefundsService, 'applyProviderRefund' | 'retryDue' | 'remaining' | 'request'>;
  /** What a processed refund still owes (its credit note), issued by this job until done (decision 211). */
  afterRefunds?: { issueDue(): Promise<number> };
  config: { publicUrl: string };
}

export const PAYMENT_NOT_CONFIRMED =
  'We could not confirm your payment with the payment provider yet. If it went through, your order will show as paid in a few minutes.';

/**
 * Payments: the provider order an order is paid through, and completing it from either side: the
 * browser's verify call or the provider's webhook, whichever comes first, each only once. A payment
 * for an order that expired meanwhile is honoured if its stock and coupon can be taken again, and
 * refunded through the provider otherwise.
 */
export class PaymentsService implements OrderPayments {
  constructor(private readonly deps: PaymentsServiceDeps) {}

  get provider(): PaymentProvider {
    return this.deps.payments;
  }

  /** A paid order was cancelled: what remains of its payment goes back (one refund per order). */
  async refundCancelled(tx: DbOrTx, order: OrderRow, reason: string, by: string | null): Promise<number> {
    const left = await this.deps.refunds.remaining(tx, order.id);
    if (left === 0) return 0;
    await this.deps.refunds.request(tx, {
      orderId: order.id,
      amountPaise: left,
      reason: `Order cancelled: ${reason}`,
      kind: 'cancellation',
      requestedBy: by,
      idempotencyKey: `cancel_${order.id}`,
    });
    return left;
  }

  /** A payment link for the order (payment-links.ts); null with a provider without links (the sandbox). */
  paymentLinkFor(order: OrderRow): Promise<{ url: string } | null> {
    const { db, clock, payments, config } = this.deps;
    return paymentLinkFor({ clock, payments, publicUrl: config.publicUrl }, db, order);
  }

  /** What the browser needs to open the provider's payment window. */
  get window(): CheckoutWindow {
    return this.deps.payments.window;
  }

  /**
   * The order's provider order: the one it has (a second payment attempt uses the same), or a new
   * one of the order's total, with the order id as its receipt.
   */
  async providerOrderFor(order: OrderRow): Promise<PaymentRow> {
    const { db, payments: provider, clock } = this.deps;
    const existing = await findPaymentOfOrder(db, order.id, provider.window.provider);
    if (existing && existing.amountPaise === order.totalPaise) return existing;
    const created: ProviderOrder = await provider.createOrder({
      amountPaise: order.totalPaise,
      receipt: order.id,
    });
    const now = clock.now();
    return insertPayment(db, {
      orderId: order.id,
      provider: provider.window.provider,
      providerOrderId: created.id,
      amountPaise: created.amountPaise,
      createdAt: now,
      // Webhooks can be lost or never configured: the provider is asked about it on a schedule too.
      nextCheckAt: nextCheckAt(now, now, checksUntil(order.expiresAt ?? now)),
    });
  }

  /**
   * Before an unpaid order is ended or paid by hand (it expires; an admin marks it paid): asks the
   * provider for the payments of the order's open provider orders and settles a captured one (an
   * authorised one is captured first), which pays the order. 'paid' when it is paid now, 'unpaid'
   * when the provider has no payment for it, 'unanswered' when the provider could not be asked
   * (logged): then nobody knows, and the order is not cancelled blind. `why` ends the history note.
   * The order's open payment links are asked about first: a link paid whose webhook never came is
   * settled as that webhook would have (linkPaid, then the usual settlement).
   */
  async settleFromProvider(order: OrderRow, why: string): Promise<'paid' | 'unpaid' | 'unanswered'> {
    const { db, payments: provider, log } = this.deps;
    try {
      if (await this.settleFromLinks(order, why)) return 'paid';
      for (const row of await findOpenPaymentsOfOrder(db, order.id, provider.window.provider)) {
        const found = await provider.fetchOrderPayments(row.providerOrderId);
        const settled = await this.settleFound(row, found, {
          capture: true,
          source: `found at the provider ${why}`,
        });
        if (settled?.outcome === 'paid') return 'paid';
      }
      return 'unpaid';
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log.warn({ err: error, orderId: order.id }, 'the provider could not be asked about an unpaid order');
      return 'unanswered';
    }
  }

  /** The order's open links asked about at the provider; true when a paid one paid the order now. */
  private async settleFromLinks(order: OrderRow, why: string): Promise<boolean> {
    const { db, payments: provider } = this.deps;
    if (!provider.fetchPaymentLink) return false;
    for (const link of await findOpenLinks(db, order.id, provider.window.provider)) {
      const found = await provider.fetchPaymentLink(link.linkId);
      if (found.status !== 'paid') continue;
      for (const paymentId of found.paymentIds) {
        const payment = await provider.fetchPayment(paymentId);
        if (payment.status !== 'captured') continue;
        const settled = await inTransaction(db, async (tx) => {
          await linkPaid(this.deps, tx, link.linkId, payment);
          return this.settleIn(tx, payment, `payment link ${link.linkId} found paid at the provider ${why}`);
        });
        if (settled.outcome === 'refunded') await this.refundsDue();
        if (settled.outcome === 'paid') return true;
      }
    }
    return false;
  }

  /**
   * A round of the payments job, on every process: the provider's own due work (the sandbox's
   * webhook redeliveries), then the reconciliation, then the refunds still owed.
   */
  async runDue(): Promise<void> {
    await this.deps.payments.runDue?.();
    await this.reconcile();
    await this.refundsDue();
    await this.deps.refunds.retryDue();
    await this.deps.afterRefunds?.issueDue();
  }

  /**
   * The reconciliation: claims, one at a time, each open provider order whose check is due (FOR
   * UPDATE SKIP LOCKED, its next check moved on in the claim, so every process takes different
   * ones), asks the provider for its payments, and settles any captured one the shop was never told
   * about: its order is paid if it can still be (Pending, or Cancelled with its stock and coupon
   * still there), and its money is refunded otherwise, never both. A payment only authorised is
   * captured for a Pending order and left to lapse for a cancelled one. Returns how many payments
   * it settled; stops at the first provider failure, retrying that check a few minutes later.
   */
  async reconcile(): Promise<number> {
    const { db, clock, log, payments: provider } = this.deps;
    let settledCount = 0;
    for (let round = 0; round < CHECKS_PER_ROUND; round++) {
      const now = clock.now();
      const row = await inTransaction(db, async (tx) => {
        const [due] = await lockDueChecks(tx, provider.window.provider, now, 1);
        if (!due) return undefined;
        // Its order's window may be the shop's own setting, or moved since: the checks follow it.
        const payBy = (await this.deps.orders.find(due.orderId, tx))?.expiresAt ?? due.createdAt;
        await setNextCheck(tx, due.id, nextCheckAt(due.createdAt, now, checksUntil(payBy)));
        return due;
      });
      if (!row) break;
      try {
        const found = await provider.fetchOrderPayments(row.providerOrderId);
        const order = await this.deps.orders.find(row.orderId);
        const settled = await this.settleFound(row, found, {
          capture: order?.status === 'Pending',
          source: 'found at the provider by the reconciliation',
        });
        if (settled && settled.outcome !== 'ignored') settledCount += 1;
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        if (error.status === 400 || error.status === 404) {
          // The provider refuses this one (an order of other keys, say): its next check stays as planned.
          log.warn({ err: error, orderId: row.orderId }, 'the provider refused a question about a payment');
          continue;
        }
        // Down, slow or refusing the keys: this check is made again soon, the rest wait for the next round.
        log.warn(
          { err: error, orderId: row.orderId },
          'asking the provider about a payment failed; retried soon',
        );
        await setNextCheck(db, row.id, new Date(now.getTime() + CHECK_RETRY_MS));
        break;
      }
    }
    return settledCount;
  }

  /**
   * Applies what the provider holds for one of the shop's provider orders: its captured payment,
   * else (with `capture`) an authorised one, captured by the shop first. Undefined when there is
   * neither (nothing paid, or only failed attempts).
   */
  private async settleFound(
    row: PaymentRow,
    found: readonly ProviderPayment[],
    options: { capture: boolean; source: string },
  ): Promise<Settlement | undefined> {
    const mine = found.filter((p) => p.orderId === row.providerOrderId);
    let payment = mine.find((p) => p.status === 'captured');
    const authorized = mine.find((p) => p.status === 'authorized');
    if (!payment && authorized && options.capture) {
      payment = await this.deps.payments.capture(authorized.id, authorized.amountPaise);
    }
    return payment ? this.settle(payment, options.source) : undefined;
  }

  /**
   * POST /orders/verify: the payment window's answer for the caller's own order. The signature must
   * be the provider's over the provider order stored for that order and the payment id; then the
   * provider is asked what the payment is (captured, and for how much) before the order is paid.
   * A repeat answers the same and changes nothing.
   */
  async verify(
    userId: string,
    body: { orderId: string; paymentId: string; signature: string; razorpayOrderId?: string | undefined },
  ): Promise<VerifyPaymentReply> {
    const { db, payments: provider } = this.deps;
    const order = idSchema.safeParse(body.orderId).success
      ? await this.deps.orders.find(body.orderId)
      : undefined;
    if (!order || order.userId !== userId) throw notFound('Order not found');
    const row = await findPaymentOfOrder(db, order.id, provider.window.provider);
    if (!row) throw badRequest(CHECKOUT_MESSAGES.verifyFailed);
    const sameOrder = body.razorpayOrderId === undefined || body.razorpayOrderId === row.providerOrderId;
    if (!sameOrder || !provider.checkoutSignatureValid(row.providerOrderId, body.paymentId, body.signature)) {
      throw badRequest(CHECKOUT_MESSAGES.verifyFailed);
    }
    let payment: ProviderPayment;
    try {
      payment = await provider.fetchPayment(body.paymentId);
      if (payment.orderId !== row.providerOrderId) throw badRequest(CHECKOUT_MESSAGES.verifyFailed);
      if (payment.status === 'authorized') {
        // Never a second capture: a provider order another payment settled meanwhile keeps that one.
        const open = (await findPaymentByProviderOrder(db, provider.window.provider, row.providerOrderId))
          ?.status;
        if (open === 'created' || open === 'failed') {
          payment = await provider.capture(payment.id, payment.amountPaise);
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.deps.log.warn({ err: error, orderId: order.id }, 'payment lookup at the provider failed');
      throw new AppError('CONFLICT', PAYMENT_NOT_CONFIRMED);
    }
    const settled = await this.settle(payment, 'the payment window');
    switch (settled.outcome) {
      case 'paid':
        return { success: true, message: CHECKOUT_MESSAGES.paid, orderId: order.id };
      case 'refunded':
        throw conflict(
          `${settled.reason} Your payment of ${formatINR(paiseToRupees(settled.amountPaise))} is being refunded.`,
        );
      case 'failed':
        throw badRequest(settled.reason ?? 'Your payment did not go through. Please try again.');
      default:
        // Another payment paid this order already (this one, never captured, lapses back to the shopper).
        if ((await this.deps.orders.find(order.id))?.paidAt) {
          return { success: true, message: CHECKOUT_MESSAGES.paid, orderId: order.id };
        }
        throw conflict(PAYMENT_NOT_CONFIRMED);
    }
  }

  /**
   * POST /payments/webhook: the provider's event, trusted only with its signature over the raw body.
   * The event id is remembered in the same transaction as what the event did, so a redelivery
   * (Razorpay delivers at least once) changes nothing; events about the same payment arriving in
   * any order settle it once.
   */
  async webhook(
    rawBody: Buffer,
    signature: string | undefined,
    eventIdHeader: string | undefined,
  ): Promise<'applied' | 'duplicate' | 'ignored'> {
    const { db, payments: provider } = this.deps;
    if (!signature || !provider.webhookSignatureValid(rawBody, signature)) {
      throw badRequest('The webhook signature is not valid.');
    }
    const event = parseWebhook(rawBody);
    if (!event) throw badRequest('The webhook body is not an event this shop understands.');
    // Razorpay always names its events; a body without a name is identified by its content.
    const eventId = eventIdHeader ?? `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
    let settled: Settlement | undefined;
    const fresh = await inTransaction(db, async (tx) => {
      const first = await insertPaymentEvent(tx, {
        eventId,
        provider: provider.window.provider,
        event: event.name,
        providerOrderId: event.payment?.orderId ?? null,
        providerPaymentId: event.payment?.id ?? null,
        outcome: 'received',
        payload: event.body,
      });
      if (!first) return false;
      if (event.refund) {
        await setEventOutcome(tx, eventId, await this.deps.refunds.applyProviderRefund(tx, event.refund));
        return true;
      }
      // A paid link's payment is on an order Razorpay made for the link: recorded as ours first.
      if (event.paymentLink && event.payment) {
        const ours = await linkPaid(this.deps, tx, event.paymentLink.id, event.payment);
        if (!ours) {
          settled = { outcome: 'ignored', reason: `no order of this shop has link ${event.paymentLink.id}` };
          await setEventOutcome(tx, eventId, describe(settled));
          return true;
        }
      }
      settled = event.payment
        ? await this.settleIn(tx, event.payment, `webhook ${event.name}`)
        : { outcome: 'ignored', reason: `event ${event.name} is not about a payment` };
      await setEventOutcome(tx, eventId, describe(settled));
      return true;
    });
    if (!fresh) return 'duplicate';
    if (event.payment?.status === 'authorized') {
      const captured = await this.captureAuthorized(event.payment);
      if (captured) {
        settled = captured;
        await setEventOutcome(db, eventId, describe(captured));
      }
    }
    if (settled?.outcome === 'refunded') await this.refundsDue();
    return settled?.outcome === 'ignored' ? 'ignored' : 'applied';
  }

  /**
   * `payment.authorized` for an order still waiting for its money: an account that does not capture
   * automatically would otherwise see the authorisation lapse when the shopper never returns to the
   * payment window, so the shop captures it, as verify does, and settles the order. Only for a Pending
   * order: an expired one's authorisation is left to lapse rather than captured and refunded. A failure
   * is logged and left to verify, Razorpay's retries or the lapse.
   */
  private async captureAuthorized(authorized: ProviderPayment): Promise<Settlement | undefined> {
    const { db, payments: provider, log } = this.deps;
    const row = await findPaymentByProviderOrder(db, provider.window.provider, authorized.orderId);
    if (!row || (row.status !== 'created' && row.status !== 'failed')) return undefined;
    if ((await this.deps.orders.find(row.orderId))?.status !== 'Pending') return undefined;
    try {
      // The event may be stale: the payment as it is now decides.
      let payment = await provider.fetchPayment(authorized.id);
      if (payment.orderId !== row.providerOrderId) return undefined;
      if (payment.status === 'authorized') payment = await provider.capture(payment.id, payment.amountPaise);
      return await this.settle(payment, 'webhook payment.authorized, captured by the shop');
    } catch (error) {
      log.warn({ err: error, orderId: row.orderId }, 'capturing an authorised payment failed');
      return undefined;
    }
  }

  /** Applies what the provider says of a payment to its order (see `settleIn`), then refunds what is owed. */
  async settle(payment: ProviderPayment, source: string): Promise<Settlement> {
    const settled = await inTransaction(this.deps.db, (tx) => this.settleIn(tx, payment, source));
    if (settled.outcome === 'refunded') await this.refundsDue();
    return settled;
  }

  /**
   * In the caller's transaction, with the payment row and then the order locked (every path locks in
   * that order): a failed attempt is recorded (unless a capture was already); a captured payment is
   * recorded and handed to orders (OrdersService.settlePayment: a Pending order is paid, its cart
   * emptied and its confirmation mailed; an expired one is paid if its stock and coupon can be taken
   * again), and one orders cannot honour is marked for refund.
   */
  private async settleIn(tx: Tx, payment: ProviderPayment, source: string): Promise<Settlement> {
    const { payments: provider } = this.deps;
    const row = await lockPaymentByProviderOrder(tx, provider.window.provider, payment.orderId);
    if (!row)
      return { outcome: 'ignored', reason: `no order of this shop has provider order ${payment.orderId}` };
    // A capture already settled (the verify, then each of the provider's webhooks about it) answers from
    // the payment row alone: the order is neither read nor locked for a payment that changes nothing.
    if (payment.status === 'captured' && row.status !== 'created' && row.status !== 'failed') {
      return this.alreadySettled(row, payment);
    }
    const order = (await this.deps.orders.lockForPayment(tx, row.orderId))!;
    if (payment.status === 'failed') {
      await markFailed(tx, row.id, {
        providerPaymentId: payment.id,
        errorDescription: payment.errorDescription,
        raw: payment,
      });
      return { outcome: 'failed', orderId: order.id, reason: payment.errorDescription };
    }
    if (payment.status !== 'captured') {
      return { outcome: 'ignored', reason: `payment ${payment.id} is ${payment.status}, not captured` };
    }
    await markCaptured(tx, row.id, {
      providerPaymentId: payment.id,
      amountPaise: payment.amountPaise,
      method: payment.method,
      email: payment.email,
      raw: payment,
    });
    const settled = await this.deps.orders.settlePayment(tx, order, {
      amountPaise: payment.amountPaise,
      method: payment.method,
      note: `payment ${payment.id} captured (${source})`,
    });
    if (settled.outcome === 'paid') {
      killPoint('payments:settling');
      return { outcome: 'paid', orderId: order.id };
    }
    await markRefundDue(tx, row.id);
    // The money goes back through the refunds table like every other refund (decision 200): listed,
    // asked of the provider once under this key, settled by its webhook, a credit note if invoiced.
    await this.lateRefund(tx, row.id, order.id, payment.amountPaise);
    return {
      outcome: 'refunded',
      orderId: order.id,
      amountPaise: payment.amountPaise,
      reason: settled.reason ?? REFUND_REASON,
    };
  }

  /** A captured payment whose provider order is settled already: the same answer as the first time. */
  private alreadySettled(row: PaymentRow, payment: ProviderPayment): Settlement {
    const orderId = row.orderId;
    if (row.providerPaymentId !== payment.id) {
      // Razorpay takes no second payment on a paid order; should one come, it is kept for a person to look at.
      this.deps.log.error({ orderId, paymentId: payment.id }, 'a second captured payment for one order');
      return { outcome: 'ignored', reason: `order already settled by payment ${row.providerPaymentId}` };
    }
    return row.status === 'captured'
      ? { outcome: 'paid', orderId }
      : { outcome: 'refunded', orderId, amountPaise: row.amountPaise, reason: REFUND_REASON };
  }

  /** The refund of a late payment the order could not take, recorded once per payment (its key). */
  private lateRefund(db: DbOrTx, paymentId: string, orderId: string, amountPaise: number) {
    return this.deps.refunds.request(db, {
      orderId,
      amountPaise,
      reason: REFUND_REASON,
      kind: 'late_payment',
      requestedBy: null,
      idempotencyKey: `late_payment_${paymentId}`,
    });
  }

  /**
   * Hands every payment marked for refund to the refunds table, each by one process (claimed first,
   * see claimRefundDue): its refund is recorded under the payment's key (made before, when it was
   * marked; made here for one marked before refunds went through the table), and the payment is
   * then refunded in the books. The refunds service asks the provider once and retries what went
   * unanswered (retryDue); this never calls the provider itself, so nothing is paid twice.
   */
  async refundsDue(): Promise<number> {
    const { db, log, clock } = this.deps;
    let refunded = 0;
    const tried = new Set<string>();
    for (;;) {
      const due = await claimRefundDue(db, clock.now(), REFUND_CLAIM_STALE_MS);
      if (!due || tried.has(due.id)) return refunded;
      tried.add(due.id);
      try {
        const refund = await inTransaction(db, async (tx) => {
          const made = await this.lateRefund(tx, due.id, due.orderId, due.amountPaise);
          await markRefunded(tx, due.id, made.providerRefundId);
          return made;
        });
        log.info({ paymentId: due.id, refundId: refund.id }, 'late payment handed to its refund');
        refunded += 1;
      } catch (error) {
        log.error({ err: error, paymentId: due.id }, 'late refund not recorded; retried by a later round');
        await releaseRefundClaim(db, due.id);
      }
    }
  }
}

/** Provider orders one process asks about per round of the payments job; the rest wait for the next. */
const CHECKS_PER_ROUND = 100;

/** A check the provider did not answer is made again this much later. */
const CHECK_RETRY_MS = 5 * 60_000;

/** A refund started this long ago and not finished is taken over by another process. */
const REFUND_CLAIM_STALE_MS = 5 * 60_000;

const REFUND_REASON = 'This order had expired before the payment arrived and could not be honoured.';

function describe(settled: Settlement): string {
  return settled.outcome === 'ignored' || settled.outcome === 'failed'
    ? `${settled.outcome}: ${settled.reason ?? ''}`.trim()
    : settled.outcome;
}
