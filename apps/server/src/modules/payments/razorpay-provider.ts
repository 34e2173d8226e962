import type Razorpay from 'razorpay';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderPaymentLink,
  type ProviderPaymentStatus,
  type ProviderRefund,
} from './payment-provider';
import { signatureMatches } from './signatures';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  /** Without it no webhook can be trusted, so every webhook is refused. */
  webhookSecret: string | undefined;
  /** Razorpay's API (https://api.razorpay.com); a test points it at a local server speaking the same API. */
  apiUrl: string;
  timeoutMs: number;
}

/** The payment entity as Razorpay's API and webhooks carry it (the fields this shop reads). */
export interface RazorpayPaymentEntity {
  id: string;
  order_id: string;
  amount: number;
  status: string;
  /** card, upi, netbanking, wallet, emi, … */
  method?: string | null;
  email?: string | null;
  error_description?: string | null;
}

const STATUSES: readonly ProviderPaymentStatus[] = [
  'created',
  'authorized',
  'captured',
  'refunded',
  'failed',
];

/** A payment entity (from the API or a webhook) in the provider interface's terms. */
export function toProviderPayment(entity: RazorpayPaymentEntity): ProviderPayment {
  const status = STATUSES.find((s) => s === entity.status);
  if (!status || typeof entity.id !== 'string' || typeof entity.order_id !== 'string') {
    throw new PaymentProviderError(`unexpected payment entity: ${JSON.stringify(entity).slice(0, 200)}`);
  }
  return {
    id: entity.id,
    orderId: entity.order_id,
    amountPaise: Number(entity.amount),
    status,
    method: typeof entity.method === 'string' && /^[a-z_]{1,20}$/.test(entity.method) ? entity.method : null,
    email: entity.email ?? null,
    errorDescription: entity.error_description ?? null,
  };
}

/** The SDK rejects with `{ statusCode, error: { description } }`, or a plain Error when the network failed. */
/** A refund entity of Razorpay's API or webhooks. */
export function toProviderRefund(entity: unknown): ProviderRefund {
  const r = entity as {
    id?: unknown;
    payment_id?: unknown;
    amount?: unknown;
    status?: unknown;
    notes?: { refund_id?: unknown } | unknown[];
  };
  if (typeof r?.id !== 'string')
    throw new PaymentProviderError(`unexpected refund: ${JSON.stringify(entity).slice(0, 200)}`);
  const status = r.status === 'processed' || r.status === 'failed' ? r.status : 'pending';
  const notes = r.notes && !Array.isArray(r.notes) ? r.notes : {};
  return {
    id: r.id,
    ...(typeof r.payment_id === 'string' ? { paymentId: r.payment_id } : {}),
    ...(typeof r.amount === 'number' ? { amountPaise: r.amount } : {}),
    status,
    refundId: typeof notes.refund_id === 'string' ? notes.refund_id : undefined,
  };
}

function providerError(what: string, error: unknown): PaymentProviderError {
  const e = error as { statusCode?: number; error?: { description?: string }; message?: string } | undefined;
  const detail = e?.error?.description ?? e?.message ?? String(error);
  return new PaymentProviderError(`Razorpay ${what} failed: ${detail}`, e?.statusCode);
}

interface RazorpayHttp {
  post(url: string, data: unknown, config: { headers: Record<string, string> }): Promise<{ data: unknown }>;
}

/**
 * Razorpay through its official SDK (orders, payments, refunds). Signatures are checked here, in
 * constant time, with the key secret (checkout) and the webhook secret (webhooks).
 */
export class RazorpayProvider implements PaymentProvider {
  /** The SDK and its own HTTP client (axios), loaded on first use: a sandbox shop never pays for them. */
  private client: Promise<{ sdk: Razorpay; http: RazorpayHttp }> | undefined;
  readonly window;

  constructor(private readonly options: RazorpayOptions) {
    this.window = { provider: 'razorpay', keyId: options.keyId } as const;
  }

  private connected(): Promise<{ sdk: Razorpay; http: RazorpayHttp }> {
    this.client ??= import('razorpay').then(({ default: RazorpaySdk }) => {
      const sdk = new RazorpaySdk({ key_id: this.options.keyId, key_secret: this.options.keySecret });
      // The SDK has no option for its host or a timeout; its requests go through this axios instance.
      const http = (sdk.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number } } }).rq;
      http.defaults.baseURL = this.options.apiUrl;
      http.defaults.timeout = this.options.timeoutMs;
      return { sdk, http: http as unknown as RazorpayHttp };
    });
    return this.client;
  }

  async createOrder(input: { amountPaise: number; receipt: string }): Promise<ProviderOrder> {
    try {
      const { sdk } = await this.connected();
      const order = await sdk.orders.create({
        amount: input.amountPaise,
        currency: 'INR',
        receipt: input.receipt,
      });
      if (typeof order.id !== 'string' || Number(order.amount) !== input.amountPaise) {
        throw new PaymentProviderError(`unexpected order reply: ${JSON.stringify(order).slice(0, 200)}`);
      }
      return { id: order.id, amountPaise: input.amountPaise, currency: 'INR', receipt: input.receipt };
    } catch (error) {
      throw error instanceof PaymentProviderError ? error : providerError('order creation', error);
    }
  }

  /** Razorpay Payment Links through the SDK's paymentLink.create (reference_id: our order id). */
  async createPaymentLink(input: {
    amountPaise: number;
    referenceId: string;
    description: string;
    customer: { name: string; email: string; contact: string };
    callbackUrl: string;
    expireBy: Date | null;
  }): Promise<ProviderPaymentLink> {
    try {
      const { sdk } = await this.connected();
      const link = await sdk.paymentLink.create({
        amount: input.amountPaise,
        currency: 'INR',
        accept_partial: false,
        reference_id: input.referenceId,
        description: input.description.slice(0, 2048),
        customer: input.customer,
        // The shop sends its own messages (the notify outbox); Razorpay's would be a second copy.
        notify: { sms: false, email: false },
        reminder_enable: false,
        callback_url: input.callbackUrl,
        callback_method: 'get',
        ...(input.expireBy ? { expire_by: Math.floor(input.expireBy.getTime() / 1000) } : {}),
      });
      if (typeof link.id !== 'string' || typeof link.short_url !== 'string') {
        throw new PaymentProviderError(
          `unexpected payment link reply: ${JSON.stringify(link).slice(0, 200)}`,
        );
      }
      return { id: link.id, shortUrl: link.short_url, amountPaise: Number(link.amount) };
    } catch (error) {
      throw error instanceof PaymentProviderError ? error : providerError('payment link creation', error);
    }
  }

  /** A payment link now, through the SDK's paymentLink.fetch: its status and its payments' ids. */
  async fetchPaymentLink(linkId: string): Promise<{ status: string; paymentIds: string[] }> {
    try {
      const { sdk } = await this.connected();
      const link = (await sdk.paymentLink.fetch(linkId)) as unknown as {
        id?: unknown;
        status?: unknown;
        payments?: { payment_id?: unknown }[] | null;
      };
      if (link?.id !== linkId || typeof link.status !== 'string') {
        throw new PaymentProviderError(
          `unexpected payment link reply: ${JSON.stringify(link).slice(0, 200)}`,
        );
      }
      const paymentIds = (Array.isArray(link.payments) ? link.payments : []).flatMap((p) =>
        typeof p?.payment_id === 'string' ? [p.payment_id] : [],
      );
      return { status: link.status, paymentIds };
    } catch (error) {
      throw error instanceof PaymentProviderError ? error : providerError('payment link lookup', error);
    }
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment> {
    try {
      const { sdk } = await this.connected();
      return toProviderPayment((await sdk.payments.fetch(paymentId)) as RazorpayPaymentEntity);
    } catch (error) {
      throw error instanceof PaymentProviderError ? error : providerError('payment lookup', error);
    }
  }

  async fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    try {
      const { sdk } = await this.connected();
      const reply = await sdk.orders.fetchPayments(providerOrderId);
      if (!Array.isArray(reply?.items)) {
        throw new PaymentProviderError(`unexpected payments reply: ${JSON.stringify(reply).slice(0, 200)}`);
      }
      return reply.items.map((item) => toProviderPayment(item as RazorpayPaymentEntity));
    } catch (error) {
      throw error instanceof PaymentProviderError ? error : providerError('order payments lookup', error);
    }
  }

  async capture(paymentId: string, amountPaise: number): Promise<ProviderPayment> {
    try {
      const { sdk } = await this.connected();
      return toProviderPayment(
        (await sdk.payments.capture(paymentId, amountPaise, 'INR')) as RazorpayPaymentEntity,
      );
    } catch (error) {
      throw error instanceof PaymentProviderError ? error : providerError('capture', error);
    }
  }

  async refund(
    paymentId: string,
    amountPaise: number,
    note: string,
    options: { idempotencyKey?: string; refundId?: string } = {},
  ): Promise<ProviderRefund> {
    const body = {
      amount: amountPaise,
      speed: 'normal',
      notes: { reason: note.slice(0, 250), ...(options.refundId ? { refund_id: options.refundId } : {}) },
    };
    try {
      const { sdk, http } = await this.connected();
      if (!options.idempotencyKey) return toProviderRefund(await sdk.payments.refund(paymentId, body));
      // The SDK's payments.refund (2.9) sends no headers of the caller's; its own client (key, host,
      // timeout) posts the same request with Razorpay's idempotency header.
      const reply = await http.post(`/v1/payments/${encodeURIComponent(paymentId)}/refund`, body, {
        headers: { 'X-Refund-Idempotency': options.idempotencyKey },
      });
      return toProviderRefund(reply.data);
    } catch (error) {
      const e = error as { response?: { status?: number; data?: unknown } };
      throw providerError(
        'refund',
        e.response ? { statusCode: e.response.status, ...(e.response.data as object) } : error,
      );
    }
  }

  checkoutSignatureValid(providerOrderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(`${providerOrderId}|${paymentId}`, signature, this.options.keySecret);
  }

  webhookSignatureValid(rawBody: Buffer, signature: string): boolean {
    const secret = this.options.webhookSecret;
    return secret !== undefined && signatureMatches(rawBody, signature, secret);
  }
}
