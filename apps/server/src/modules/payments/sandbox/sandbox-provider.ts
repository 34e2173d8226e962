import { randomBytes } from 'node:crypto';
import { SANDBOX_CARDS, type SandboxPayBody, type SandboxPayReply } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db/client';
import { sandboxOrders } from '../../../db/schema/payments';
import { inTransaction } from '../../../db/transaction';
import type { Background } from '../../../lib/background';
import type { Clock } from '../../../lib/clock';
import { badRequest, notFound } from '../../../lib/errors';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderOrder,
  type ProviderPayment,
} from '../payment-provider';
import { checkoutSignature, hmacHex, signatureMatches } from '../signatures';
import {
  findCapturedSandboxPayment,
  findSandboxOrder,
  findSandboxPayment,
  insertSandboxOrder,
  insertSandboxPayment,
  refundSandboxPayment,
  type SandboxPaymentRow,
} from './sandbox.repo';
import { sandboxRoutes } from './sandbox.routes';

/** The sandbox's publishable key: like a Razorpay test key, and plainly not a live one. */
export const SANDBOX_KEY_ID = 'rzp_test_bazaar_sandbox';

/** Hands a webhook to the shop's own endpoint (the routes plugin connects this to inject()). */
export type WebhookSender = (body: string, headers: Record<string, string>) => Promise<void>;

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
 * and sends the webhooks Razorpay would, signed with its own webhook secret. Verification and
 * webhooks run unchanged. Test cards: 4111 1111 1111 1111 is paid, 4000 0000 0000 0002 declined.
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

  async capture(paymentId: string): Promise<ProviderPayment> {
    // The sandbox captures every successful payment at once, as Razorpay accounts usually do.
    throw new PaymentProviderError(`payment ${paymentId} has already been captured`, 400);
  }

  async refund(paymentId: string): Promise<{ id: string }> {
    const refundId = id('rfnd');
    if (!(await refundSandboxPayment(this.options.db, paymentId, refundId))) {
      throw new PaymentProviderError('The payment has been fully refunded already', 400);
    }
    return { id: refundId };
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
   * The payment page's card form. The good test card pays the order (once: the order is locked while
   * its payment is made) and answers what Razorpay's checkout hands the page; the declined card
   * records a failed payment. Either way the webhooks Razorpay would send follow.
   */
  async pay(body: SandboxPayBody): Promise<SandboxPayReply> {
    const card = digits(body.cardNumber);
    const good = digits(SANDBOX_CARDS.success);
    const declined = digits(SANDBOX_CARDS.declined);
    if (card !== good && card !== declined) {
      throw badRequest(
        `This is a test payment page: use the card ${SANDBOX_CARDS.success} (paid) or ${SANDBOX_CARDS.declined} (declined).`,
        { cardNumber: 'Use a test card' },
      );
    }
    const passed = expiryPassed(body.expiry, this.options.clock.now());
    if (passed === undefined) throw badRequest('Enter the expiry date as MM/YY.', { expiry: 'MM/YY' });
    if (passed) throw badRequest('This card has expired.', { expiry: 'Expired' });
    if (!/^\d{3}$/.test(body.cvv)) throw badRequest('Enter the 3-digit CVV.', { cvv: '3 digits' });

    const payment = await inTransaction(this.options.db, async (tx) => {
      const [order] = await tx
        .select()
        .from(sandboxOrders)
        .where(eq(sandboxOrders.id, body.orderId))
        .for('update');
      if (!order) throw notFound('This payment link is not valid.');
      if (await findCapturedSandboxPayment(tx, order.id)) throw badRequest('This order is already paid.');
      const ok = card === good;
      return insertSandboxPayment(tx, {
        id: id('pay'),
        orderId: order.id,
        amountPaise: order.amountPaise,
        status: ok ? 'captured' : 'failed',
        cardLast4: card.slice(-4),
        email: body.email ?? null,
        errorDescription: ok ? null : 'Your card was declined by the bank. Try another card.',
      });
    });
    this.queueWebhooks(payment);
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

  /** The events Razorpay sends about a payment, delivered after the reply, each signed and with its own id. */
  private queueWebhooks(payment: SandboxPaymentRow): void {
    const events =
      payment.status === 'captured'
        ? ['payment.authorized', 'payment.captured', 'order.paid']
        : ['payment.failed'];
    this.options.background.run('sandbox webhooks', async () => {
      const order = await findSandboxOrder(this.options.db, payment.orderId);
      for (const event of events) {
        const body = JSON.stringify({
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
            ...(event === 'order.paid' && order
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
          created_at: Math.floor(this.options.clock.now().getTime() / 1000),
        });
        const headers = {
          'content-type': 'application/json',
          'x-razorpay-event-id': id('evt'),
          'x-razorpay-signature': hmacHex(body, this.webhookSecret),
        };
        if (!this.sendWebhook) {
          this.options.log.warn({ event }, 'sandbox webhook not sent: no endpoint connected');
          continue;
        }
        await this.sendWebhook(body, headers);
      }
    });
  }
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
    method: 'card',
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
    email: row.email,
    errorDescription: row.errorDescription,
  };
}
