import { randomUUID } from 'node:crypto';
import { formatINR, paiseToRupees, refundablePaise, refundFits } from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import type { RefundKind } from '../../db/schema/after-sale';
import { afterCommit, inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import { killPoint } from '../../lib/kill-point';
import type { Actor, AuditService } from '../audit/index';
import type { NotifyService } from '../notify/index';
import type { OrdersService } from '../orders/index';
import { type PaymentProvider, PaymentProviderError, type ProviderRefund } from './payment-provider';
import { refundMoveAllowed } from './refund-lifecycle';
import {
  claimRefund,
  findRefund,
  findRefundByKey,
  findRefundsOfOrder,
  findRetryableRefunds,
  insertRefund,
  lockCapturedPayment,
  lockRefundByProviderOrOurs,
  moveRefund,
  type RefundRow,
  setProviderRefund,
  sumRefunded,
} from './refunds.repo';

/** A process that asked the provider and went quiet for this long is taken over by another. */
const CLAIM_STALE_MS = 2 * 60_000;

export interface RefundRequest {
  orderId: string;
  amountPaise: number;
  reason: string;
  kind: RefundKind;
  requestedBy: string | null;
  /** The same key twice is one refund (an admin's retried request, a cancellation's own key). */
  idempotencyKey?: string | undefined;
}

/** Called once per refund, after it is recorded as processed (credit notes hang here; decision 184). */
export type RefundListener = (refund: RefundRow) => unknown;

/**
 * Called in the transaction that records the refund as processed: what must not be lost if the process
 * dies right after (a credit note's due marker, decision 211). A throw rolls the refund's move back.
 */
export type RefundRecorder = (tx: DbOrTx, refund: RefundRow) => Promise<unknown>;

export interface RefundsServiceDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  payments: PaymentProvider;
  orders: Pick<OrdersService, 'find'>;
  notify: Pick<NotifyService, 'enqueue'>;
  audit: Pick<AuditService, 'record'>;
}

const inr = (paise: number) => formatINR(paiseToRupees(paise));

/**
 * Refunds, full or partial, that cannot go wrong (decision 183): each asked once of the provider
 * under its idempotency key, never more in total than the payment captured (the payment's row lock
 * here, and the database's trigger for any other writer), and settled by whichever comes first of
 * the provider's reply and its refund.processed / refund.failed webhook. Payments taken by hand (or
 * the demo's) are given back by hand: recorded as processed at once.
 */
export class RefundsService {
  private readonly listeners: RefundListener[] = [];
  private readonly recorders: RefundRecorder[] = [];

  constructor(private readonly deps: RefundsServiceDeps) {}

  /** The seam for what follows a refund (a credit note): `listener` runs after each refund is processed. */
  onRefundRecorded(listener: RefundListener): void {
    this.listeners.push(listener);
  }

  /** The durable seam: `recorder` runs inside each refund's processed transaction. */
  onRefundProcessed(recorder: RefundRecorder): void {
    this.recorders.push(recorder);
  }

  /** What remains refundable of the order's payment, in paise (0 when it took no money). */
  async remaining(db: DbOrTx, orderId: string): Promise<number> {
    return inTransaction(db, async (tx) => {
      const payment = await lockCapturedPayment(tx, orderId);
      return payment ? payment.amountPaise - (await sumRefunded(tx, payment.id)) : 0;
    });
  }

  listOfOrder(orderId: string): Promise<RefundRow[]> {
    return findRefundsOfOrder(this.deps.db, orderId);
  }

  /**
   * Records a refund in `db`'s transaction (the caller's, when it has one: a cancellation and its
   * refund commit together) and asks the provider once that commits. A key seen before answers the
   * refund it made. 409 when it would pass what remains.
   */
  async request(db: DbOrTx, input: RefundRequest): Promise<RefundRow> {
    return (await this.requestOnce(db, input)).refund;
  }

  private async requestOnce(
    db: DbOrTx,
    input: RefundRequest,
  ): Promise<{ refund: RefundRow; fresh: boolean }> {
    const key = input.idempotencyKey ?? `rfd_${randomUUID()}`;
    return inTransaction(db, async (tx, unit) => {
      const before = await findRefundByKey(tx, key);
      if (before) return { refund: this.sameRequest(before, input), fresh: false };
      const payment = await lockCapturedPayment(tx, input.orderId);
      if (!payment) throw conflict('This order took no payment, so there is nothing to refund.');
      // The key again, now that the payment's lock queues requests: one racing this one may have made it.
      const raced = await findRefundByKey(tx, key);
      if (raced) return { refund: this.sameRequest(raced, input), fresh: false };
      const refunded = await sumRefunded(tx, payment.id);
      const left = refundablePaise(payment.amountPaise, refunded);
      if (!refundFits(payment.amountPaise, refunded, input.amountPaise)) {
        throw conflict(
          left === 0
            ? 'This order’s payment has been refunded in full already.'
            : `At most ${inr(left)} of this order’s payment remains to refund.`,
        );
      }
      const byHand = payment.provider !== this.deps.payments.window.provider;
      const at = this.deps.clock.now();
      const made = await insertRefund(tx, {
        orderId: input.orderId,
        paymentId: payment.id,
        amountPaise: input.amountPaise,
        reason: input.reason,
        kind: input.kind,
        idempotencyKey: key,
        requestedBy: input.requestedBy,
        ...(byHand ? { status: 'processed' as const, processedAt: at } : {}),
        createdAt: at,
      });
      if (!made) throw conflict('This refund was just requested. Reload to see it.');
      if (byHand) await this.recorded(tx, made);
      else unit.afterCommit(() => this.processAfterCommit(made.id));
      return { refund: made, fresh: true };
    });
  }

  /**
   * Asks the provider for a pending refund (claimed first: one process at a time), with its key, so a
   * retry after a lost answer pays once. A refusal (4xx) fails it; no answer leaves it for the next round.
   */
  async process(refundId: string): Promise<RefundRow | undefined> {
    const { db, clock, log, payments: provider } = this.deps;
    const claimed = await claimRefund(db, refundId, clock.now(), CLAIM_STALE_MS);
    if (!claimed) return findRefund(db, refundId);
    const payment = await inTransaction(db, (tx) => lockCapturedPayment(tx, claimed.orderId));
    let answer: ProviderRefund;
    try {
      answer = await provider.refund(payment!.providerPaymentId!, claimed.amountPaise, claimed.reason, {
        idempotencyKey: claimed.idempotencyKey,
        refundId: claimed.id,
      });
      killPoint('payments:refund-made');
    } catch (error) {
      if (
        error instanceof PaymentProviderError &&
        error.status &&
        error.status >= 400 &&
        error.status < 500
      ) {
        return inTransaction(db, (tx) =>
          this.settle(tx, claimed.id, 'failed', { error: error.message.slice(0, 500) }),
        );
      }
      log.warn({ err: error, refundId }, 'the refund was not answered; it is retried');
      return findRefund(db, refundId);
    }
    return inTransaction(db, async (tx) => {
      await setProviderRefund(tx, claimed.id, answer.id);
      if (answer.status === 'pending') return findRefund(tx, claimed.id);
      return this.settle(tx, claimed.id, answer.status, { providerRefundId: answer.id });
    });
  }

  /**
   * The first ask, once the refund is recorded: whatever goes wrong here must not fail the request that
   * recorded it (the refund stands, pending); the payments job asks again once the claim is stale.
   */
  private async processAfterCommit(refundId: string): Promise<void> {
    try {
      await this.process(refundId);
    } catch (err) {
      this.deps.log.error(
        { err, refundId },
        'the refund was recorded but not sent; the payments job retries it',
      );
    }
  }

  /**
   * refund.processed / refund.failed from the provider, in the webhook's transaction: before the
   * reply was stored (found by our id in its notes), after it, or again (a refund already there
   * changes nothing).
   */
  async applyProviderRefund(tx: DbOrTx, event: ProviderRefund): Promise<string> {
    const refund = await lockRefundByProviderOrOurs(tx, event.id, event.refundId);
    if (!refund) return `refund ${event.id} is not one of the shop's`;
    if (!refund.providerRefundId) await setProviderRefund(tx, refund.id, event.id);
    if (refund.status === event.status || event.status === 'pending')
      return `refund ${refund.id} already ${refund.status}`;
    if (!refundMoveAllowed(refund.status, event.status)) {
      this.deps.log.warn(
        { refundId: refund.id, from: refund.status, to: event.status },
        'refund webhook ignored',
      );
      return `refund ${refund.id} is ${refund.status}, not moved to ${event.status}`;
    }
    await this.settle(tx, refund.id, event.status, { providerRefundId: event.id });
    return `refund ${refund.id} ${event.status}`;
  }

  /** A round of the payments job: refunds whose provider call got no answer are asked again. */
  async retryDue(): Promise<number> {
    const { db, clock } = this.deps;
    const due = await findRetryableRefunds(db, clock.now(), CLAIM_STALE_MS, 20);
    for (const refund of due) await this.process(refund.id);
    return due.length;
  }

  /** An admin's refund, with its reason; 404 for an unknown order. */
  async byAdmin(
    actor: Actor,
    orderId: string,
    input: { amountPaise: number; reason: string; idempotencyKey?: string | undefined },
  ): Promise<RefundRow> {
    if (!(await this.deps.orders.find(orderId))) throw notFound('Order not found');
    return inTransaction(this.deps.db, async (tx) => {
      const { refund, fresh } = await this.requestOnce(tx, {
        ...input,
        orderId,
        kind: 'admin',
        requestedBy: actor.id,
      });
      if (fresh) {
        await this.deps.audit.record(tx, actor, {
          action: 'order.refund',
          entityId: orderId,
          summary: `Order #${orderId.slice(0, 8)}: refund of ${inr(refund.amountPaise)} (${input.reason})`,
          after: { refundId: refund.id, amountPaise: refund.amountPaise, reason: input.reason },
        });
      }
      return refund;
    });
  }

  private sameRequest(before: RefundRow, input: RefundRequest): RefundRow {
    if (before.orderId !== input.orderId || before.amountPaise !== input.amountPaise) {
      throw conflict('This idempotency key was used for another refund.');
    }
    return before;
  }

  private async settle(
    tx: DbOrTx,
    id: string,
    to: 'processed' | 'failed',
    facts: { error?: string; providerRefundId?: string },
  ): Promise<RefundRow | undefined> {
    const moved = await moveRefund(tx, id, 'pending', to, { at: this.deps.clock.now(), ...facts });
    if (moved && to === 'processed') await this.recorded(tx, moved);
    return moved ?? (await findRefund(tx, id));
  }

  /** A processed refund: the shopper is told, and the listeners run once it commits. */
  private async recorded(tx: DbOrTx, refund: RefundRow): Promise<void> {
    for (const recorder of this.recorders) await recorder(tx, refund);
    const order = await this.deps.orders.find(refund.orderId, tx);
    if (order) {
      await this.deps.notify.enqueue(
        tx,
        'refund_issued',
        { email: order.email, phone: order.phone },
        {
          name: order.name,
          orderNumber: order.id.slice(0, 8).toUpperCase(),
          amountPaise: refund.amountPaise,
        },
        { orderId: order.id, key: `refund_issued:${refund.id}` },
      );
    }
    afterCommit(tx, async () => {
      for (const listener of this.listeners) {
        try {
          await listener(refund);
        } catch (err) {
          this.deps.log.error({ err, refundId: refund.id }, 'a refund listener failed');
        }
      }
    });
  }
}
