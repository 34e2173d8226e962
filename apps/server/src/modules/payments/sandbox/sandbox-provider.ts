import { randomBytes } from 'node:crypto';
import {
  SANDBOX_BANKS,
  SANDBOX_CARDS,
  SANDBOX_UPI,
  type SandboxPayBody,
  type SandboxPayReply,
} from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db/client';
import { sandboxOrders } from '../../../db/schema/payments';
import { inTransaction } from '../../../db/transaction';
import type { Background } from '../../../lib/background';
import type { Clock } from '../../../lib/clock';
import { badRequest, notFound } from '../../../lib/errors';
import { killPoint } from '../../../lib/kill-point';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
} from '../payment-provider';
import { checkoutSignature, hmacHex, signatureMatches } from '../signatures';
import {
  claimSandboxWebhook,
  findCapturedSandboxPayment,
  findSandboxOrder,
  findSandboxPayment,
  findSandboxPaymentsOfOrder,
  findSandboxRefundByKey,
  insertSandboxOrder,
  insertSandboxPayment,
  insertSandboxRefund,
  insertSandboxWebhooks,
  lockDueSandboxWebhook,
  lockSandboxPayment,
  markSandboxWebhookDelivered,
  markSandboxWebhookFailed,
  refundSandboxPayment,
  type SandboxOrderRow,
  type SandboxPaymentRow,
  type SandboxRefundRow,
  sumSandboxRefunds,
} from './sandbox.repo';
import { sandboxRoutes } from './sandbox.routes';
import { nextWebhookAttempt, WEBHOOK_FIRST_RETRY_MS, WEBHOOK_TIMEOUT_MS } from './webhook-retries';

/** The sandbox's publishable key: like a Razorpay test key, and plainly not a live one. */
export const SANDBOX_KEY_ID = 'rzp_test_bazaar_sandbox';

/**
 * Hands a webhook to the shop's own endpoint (the routes plugin connects this to inject()), any
 * process's: they all run the same endpoint on the same database. Resolves with the HTTP status.
 */
export type WebhookSender = (body: string, headers: Record<string, string>) => Promise<number>;

export interface SandboxOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  background: Background;
  /** The server's secret; the sandbox's key and webhook secrets are derived from it, the same on every process. */
  serverSecret: string;
}

const id = (prefix: string) =>
  `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'Z').slice(0, 14)}`;
const digits = (s: string) => s.replace(/[\s-]/g, '');

function expiryPassed(expiry: string, now: Date): boolean | undefined {
  const m = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(expiry);
  if (!m) return undefined;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return undefined;
  // A card is good until the end of its expiry month.
  const end = Date.UTC(2000 + Number(m[2]), month, 1);
  return end <= now.getTime();
}

/**
 * The built-in stand-in for Razorpay, the provider without keys: it keeps its orders and payments in
 * the shop's database (every process sees them), serves its own payment page (card form, amount,
 * shop name), signs what it hands back exactly as Razorpay's checkout does, with its own key secret,
 * and sends the webhooks Razorpay would, signed with its own webhook secret, from an outbox until
 * the shop acknowledges them (Razorpay's retries). Verification and webhooks run unchanged. Cards,
 * UPI and net banking, with Razorpay's test values: 4111 1111 1111 1111 is paid, 4000 0000 0000 0002
 * declined; success@razorpay paid, failure@razorpay failed; net banking as approved at the bank.
 */
export class SandboxProvider implements PaymentProvider {
  readonly window = { provider: 'sandbox', keyId: SANDBOX_KEY_ID } as const;
  readonly routes: FastifyPluginAsync;
  private readonly keySecret: string;
  private readonly webhookSecret: string;
  private sendWebhook: WebhookSender | undefined;

  constructor(private readonly options: SandboxOptions) {
    this.keySecret = hmacHex('payment-sandbox:key-secret', options.serverSecret);
    this.webhookSecret = hmacHex('payment-sandbox:webhook-secret', options.serverSecret);
    this.routes = sandboxRoutes(this);
  }

  /** Where webhooks go: the shop's own endpoint, connected once the routes are registered. */
  connectWebhooks(sender: WebhookSender): void {
    this.sendWebhook = sender;
  }

  async createOrder(input: { amountPaise: number; receipt: string }): Promise<ProviderOrder> {
    if (!Number.isInteger(input.amountPaise) || input.amountPaise < 100) {
      throw new PaymentProviderError('Order amount less than minimum amount allowed', 400);
    }
    const orderId = id('order');
    await insertSandboxOrder(this.options.db, {
      id: orderId,
      amountPaise: input.amountPaise,
      receipt: input.receipt,
    });
    return { id: orderId, amountPaise: input.amountPaise, currency: 'INR', receipt: input.receipt };
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment> {
    const row = await findSandboxPayment(this.options.db, paymentId);
    if (!row) throw new PaymentProviderError('The id provided does not exist', 400);
    return toPayment(row);
  }

  async fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    if (!(await findSandboxOrder(this.options.db, providerOrderId))) {
      throw new PaymentProviderError('The id provided does not exist', 400);
    }
    return (await findSandboxPaymentsOfOrder(this.options.db, providerOrderId)).map(toPayment);
  }

  async capture(paymentId: string): Promise<ProviderPayment> {
    // The sandbox captures every successful payment at once, as Razorpay accounts usually do.
    throw new PaymentProviderError(`payment ${paymentId} has already been captured`, 400);
  }

  /**
   * As Razorpay: all or part of a captured payment, never past what it captured (the payment's row
   * is locked first), once per idempotency key (a retry answers the refund made); a refund.processed
   * webhook is queued in the same transaction.
   */
  async refund(
    paymentId: string,
    amountPaise: number,
    note: string,
    options: { idempotencyKey?: string; refundId?: string } = {},
  ): Promise<ProviderRefund> {
    const notes = {
      reason: note.slice(0, 250),
      ...(options.refundId ? { refund_id: options.refundId } : {}),
    };
    const made = await inTransaction(this.options.db, async (tx) => {
      const payment = await lockSandboxPayment(tx, paymentId);
      if (!payment) throw new PaymentProviderError('The id provided does not exist', 400);
      if (options.idempotencyKey) {
        const before = await findSandboxRefundByKey(tx, options.idempotencyKey);
        if (before) {
          if (before.amountPaise !== amountPaise || before.paymentId !== paymentId) {
            throw new PaymentProviderError(
              'Different request with the same idempotency key has already been processed.',
              400,
            );
          }
          return { refund: before, fresh: false };
        }
      }
      if (payment.status !== 'captured')
        throw new PaymentProviderError('The payment has been fully refunded already', 400);
      const refunded = await sumSandboxRefunds(tx, paymentId);
      if (refunded + amountPaise > payment.amountPaise) {
        throw new PaymentProviderError('The refund amount provided is greater than amount captured', 400);
      }
      const refund = await insertSandboxRefund(tx, {
        id: id('rfnd'),
        paymentId,
        amountPaise,
        idempotencyKey: options.idempotencyKey ?? null,
        notes,
        createdAt: this.options.clock.now(),
      });
      if (refunded + amountPaise === payment.amountPaise)
        await refundSandboxPayment(tx, paymentId, refund.id);
      await insertSandboxWebhooks(tx, [this.refundWebhook(refund)]);
      return { refund, fresh: true };
    });
    if (made.fresh) this.options.background.run('sandbox webhooks', () => this.runDue());
    return { id: made.refund.id, paymentId, amountPaise, status: 'processed', refundId: options.refundId };
  }

  private refundWebhook(refund: SandboxRefundRow) {
    const createdAt = this.options.clock.now();
    const event = 'refund.processed';
    return {
      eventId: id('evt'),
      event,
      createdAt,
      body: JSON.stringify({
        entity: 'event',
        account_id: 'acc_BazaarSandbox',
        event,
        contains: ['refund'],
        payload: {
          refund: {
            entity: {
              id: refund.id,
              entity: 'refund',
              amount: refund.amountPaise,
              currency: 'INR',
              payment_id: refund.paymentId,
              notes: refund.notes,
              status: 'processed',
              speed_processed: 'normal',
              created_at: Math.floor(refund.createdAt.getTime() / 1000),
            },
          },
        },
        created_at: Math.floor(createdAt.getTime() / 1000),
      }),
    };
  }

  checkoutSignatureValid(providerOrderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(`${providerOrderId}|${paymentId}`, signature, this.keySecret);
  }

  webhookSignatureValid(rawBody: Buffer, signature: string): boolean {
    return signatureMatches(rawBody, signature, this.webhookSecret);
  }

  /** The order the payment page shows, or 404. */
  async order(orderId: string): Promise<{ id: string; amountPaise: number; paid: boolean }> {
    const order = orderId.length <= 100 ? await findSandboxOrder(this.options.db, orderId) : undefined;
    if (!order) throw notFound('This payment link is not valid.');
    const paid = (await findCapturedSandboxPayment(this.options.db, order.id)) !== undefined;
    return { id: order.id, amountPaise: order.amountPaise, paid };
  }

  /**
   * The payment page's form, by method. The good test card, the UPI address success@razorpay and an
   * approved net-banking payment pay the order (once: the order is locked while its payment is made)
   * and answer what Razorpay's checkout hands the page; the declined card, failure@razorpay and a
   * payment refused at the bank record a failed payment. Either way the webhooks Razorpay would send
   * follow.
   */
  async pay(body: SandboxPayBody): Promise<SandboxPayReply> {
    const attempt = this.attemptOf(body);
    const payment = await inTransaction(this.options.db, async (tx) => {
      const [order] = await tx
        .select()
        .from(sandboxOrders)
        .where(eq(sandboxOrders.id, body.orderId))
        .for('update');
      if (!order) throw notFound('This payment link is not valid.');
      if (await findCapturedSandboxPayment(tx, order.id)) throw badRequest('This order is already paid.');
      const made = await insertSandboxPayment(tx, {
        id: id('pay'),
        orderId: order.id,
        amountPaise: order.amountPaise,
        status: attempt.failure === null ? 'captured' : 'failed',
        ...attempt.instrument,
        email: body.email ?? null,
        errorDescription: attempt.failure,
      });
      // In the payment's own transaction: whatever happens to this process next, they go out.
      await insertSandboxWebhooks(tx, this.webhooksAbout(made, order));
      return made;
    });
    killPoint('sandbox:payment-committed');
    // At once, after the reply; the payments job retries what this does not deliver.
    this.options.background.run('sandbox webhooks', () => this.runDue());
    if (payment.status === 'failed') {
      return {
        status: 'failed',
        razorpay_payment_id: payment.id,
        error: { description: payment.errorDescription ?? 'Payment failed' },
      };
    }
    return {
      status: 'captured',
      razorpay_payment_id: payment.id,
      razorpay_order_id: payment.orderId,
      razorpay_signature: checkoutSignature(payment.orderId, payment.id, this.keySecret),
    };
  }

  /** What the form asked for: the instrument as recorded, and why it fails (null when it pays); 400 when it cannot be tried. */
  private attemptOf(body: SandboxPayBody): { instrument: SandboxInstrument; failure: string | null } {
    const method = body.method ?? 'card';
    if (method === 'upi') {
      const vpa = (body.vpa ?? '').trim().toLowerCase();
      if (!UPI_ADDRESS.test(vpa)) {
        throw badRequest('Enter a UPI ID such as name@bank.', { vpa: 'A UPI ID such as name@bank' });
      }
      if (vpa !== SANDBOX_UPI.success && vpa !== SANDBOX_UPI.failure) {
        throw badRequest(
          `This is a test payment page: use the UPI ID ${SANDBOX_UPI.success} (paid) or ${SANDBOX_UPI.failure} (failed).`,
          { vpa: 'Use a test UPI ID' },
        );
      }
      return {
        instrument: { method, vpa },
        failure: vpa === SANDBOX_UPI.success ? null : 'The payment was declined in the UPI app. Try again.',
      };
    }
    if (method === 'netbanking') {
      const bank = body.bank ?? '';
      if (!Object.hasOwn(SANDBOX_BANKS, bank)) {
        throw badRequest('Choose your bank.', { bank: 'Choose a bank' });
      }
      return {
        instrument: { method, bank },
        failure: body.approve === true ? null : 'The payment was not approved at the bank. Try again.',
      };
    }
    const card = digits(body.cardNumber ?? '');
    const good = digits(SANDBOX_CARDS.success);
    const declined = digits(SANDBOX_CARDS.declined);
    if (card !== good && card !== declined) {
      throw badRequest(
        `This is a test payment page: use the card ${SANDBOX_CARDS.success} (paid) or ${SANDBOX_CARDS.declined} (declined).`,
        { cardNumber: 'Use a test card' },
      );
    }
    const passed = expiryPassed(body.expiry ?? '', this.options.clock.now());
    if (passed === undefined) throw badRequest('Enter the expiry date as MM/YY.', { expiry: 'MM/YY' });
    if (passed) throw badRequest('This card has expired.', { expiry: 'Expired' });
    if (!/^\d{3}$/.test(body.cvv ?? '')) throw badRequest('Enter the 3-digit CVV.', { cvv: '3 digits' });
    return {
      instrument: { method, cardLast4: card.slice(-4) },
      failure: card === good ? null : 'Your card was declined by the bank. Try another card.',
    };
  }

  /**
   * Delivers the webhooks that are due (new ones, and retries of unacknowledged ones), each claimed
   * by one process, until none is left or a round's worth went out.
   */
  async runDue(): Promise<void> {
    for (let sent = 0; sent < DELIVERIES_PER_ROUND; sent++) {
      if (!(await this.deliverNext())) return;
    }
  }

  /**
   * Claims the next due webhook (moving its next attempt on first, so an attempt that never reports
   * back is made again then), sends it, and records the answer: delivered on a 2xx, as Razorpay
   * counts it; otherwise retried with backoff until 24 hours after the event. False when none was due.
   */
  private async deliverNext(): Promise<boolean> {
    const { db, clock, log } = this.options;
    const now = clock.now();
    const claimed = await inTransaction(db, async (tx) => {
      const due = await lockDueSandboxWebhook(tx, now);
      if (!due) return undefined;
      const attempts = due.attempts + 1;
      const next = nextWebhookAttempt(due.createdAt, attempts, now);
      await claimSandboxWebhook(
        tx,
        due.id,
        attempts,
        next ?? new Date(now.getTime() + WEBHOOK_FIRST_RETRY_MS),
      );
      return { ...due, attempts, final: next === undefined };
    });
    if (!claimed) return false;
    killPoint('sandbox:webhook-claimed');
    const headers = {
      'content-type': 'application/json',
      'x-razorpay-event-id': claimed.eventId,
      'x-razorpay-signature': hmacHex(claimed.body, this.webhookSecret),
    };
    let error: string | undefined;
    if (!this.sendWebhook) {
      error = 'no webhook endpoint connected';
    } else {
      try {
        const status = await withTimeout(this.sendWebhook(claimed.body, headers), WEBHOOK_TIMEOUT_MS);
        if (status < 200 || status > 299) error = `the shop answered ${status}`;
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
    }
    if (error === undefined) {
      killPoint('sandbox:webhook-acknowledged');
      await markSandboxWebhookDelivered(db, claimed.id, clock.now());
      return true;
    }
    log.warn(
      {
        event: claimed.event,
        eventId: claimed.eventId,
        attempt: claimed.attempts,
        final: claimed.final,
        error,
      },
      claimed.final
        ? 'sandbox webhook not delivered; no more retries'
        : 'sandbox webhook not delivered; retried later',
    );
    await markSandboxWebhookFailed(db, claimed.id, error, claimed.final);
    return true;
  }

  /** The events Razorpay sends about a payment, each with its own id, signed when sent. */
  private webhooksAbout(payment: SandboxPaymentRow, order: SandboxOrderRow) {
    const events =
      payment.status === 'captured'
        ? ['payment.authorized', 'payment.captured', 'order.paid']
        : ['payment.failed'];
    const createdAt = this.options.clock.now();
    return events.map((event) => ({
      eventId: id('evt'),
      event,
      createdAt,
      body: JSON.stringify({
        entity: 'event',
        account_id: 'acc_BazaarSandbox',
        event,
        contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
        payload: {
          payment: {
            entity: {
              ...razorpayEntity(payment),
              ...(event === 'payment.authorized' ? { status: 'authorized' } : {}),
            },
          },
          ...(event === 'order.paid'
            ? {
                order: {
                  entity: {
                    id: order.id,
                    entity: 'order',
                    amount: order.amountPaise,
                    amount_paid: order.amountPaise,
                    amount_due: 0,
                    currency: 'INR',
                    receipt: order.receipt,
                    status: 'paid',
                  },
                },
              }
            : {}),
        },
        created_at: Math.floor(createdAt.getTime() / 1000),
      }),
    }));
  }
}

/** A UPI ID's form, as NPCI allows it: a handle, @, the provider's name. */
const UPI_ADDRESS = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/;

type SandboxInstrument =
  | { method: 'card'; cardLast4: string }
  | { method: 'upi'; vpa: string }
  | { method: 'netbanking'; bank: string };

/** At most this many webhooks per process per round: a backlog is shared out over rounds and processes. */
const DELIVERIES_PER_ROUND = 200;

/** The promise's value, or a rejection once `ms` have passed (the work itself goes on). */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A sandbox payment as Razorpay's API and webhooks describe a payment. */
function razorpayEntity(row: SandboxPaymentRow) {
  return {
    id: row.id,
    entity: 'payment',
    amount: row.amountPaise,
    currency: 'INR',
    status: row.status,
    order_id: row.orderId,
    method: row.method,
    vpa: row.vpa,
    bank: row.bank,
    card: row.cardLast4 ? { entity: 'card', last4: row.cardLast4, network: 'Visa', type: 'credit' } : null,
    captured: row.status !== 'failed',
    email: row.email,
    error_code: row.status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
    error_description: row.errorDescription,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
  };
}

function toPayment(row: SandboxPaymentRow): ProviderPayment {
  return {
    id: row.id,
    orderId: row.orderId,
    amountPaise: row.amountPaise,
    status: row.status as ProviderPayment['status'],
    method: row.method,
    email: row.email,
    errorDescription: row.errorDescription,
  };
}
