import type { FastifyPluginAsync } from 'fastify';

/** An order at the payment provider: what the payment window collects. Amounts in paise. */
export interface ProviderOrder {
  id: string;
  amountPaise: number;
  currency: 'INR';
  /** Our order id. */
  receipt: string;
}

/** A payment's state at the provider, in Razorpay's words. Only `captured` money is the shop's. */
export type ProviderPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

/** One payment attempt on a provider order, as the provider reports it (API or webhook). */
export interface ProviderPayment {
  id: string;
  /** The provider order it pays. */
  orderId: string;
  amountPaise: number;
  status: ProviderPaymentStatus;
  /** How it was made, in Razorpay's words (card, upi, netbanking, wallet, …), when the provider says. */
  method: string | null;
  email: string | null;
  /** Why it failed, in the provider's words, when it did. */
  errorDescription: string | null;
}

/** A refund at the provider, in Razorpay's words. */
export interface ProviderRefund {
  id: string;
  paymentId?: string;
  amountPaise?: number;
  status: 'pending' | 'processed' | 'failed';
  /** Our refund's id, from the refund's notes. */
  refundId?: string | undefined;
}

/** A payment link at the provider (Razorpay Payment Links): its id and the page the shopper pays on. */
export interface ProviderPaymentLink {
  id: string;
  shortUrl: string;
  amountPaise: number;
}

/** What the browser needs to open the payment window. */
export interface CheckoutWindow {
  provider: 'razorpay' | 'sandbox';
  /** The publishable key the window is opened with. */
  keyId: string;
}

/** A provider call that did not work (refused, unreachable, timed out); its message is for the logs. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/**
 * The payment provider, chosen once at start-up (deps.ts): Razorpay, or the built-in sandbox that
 * behaves like it. Checkout, verification and webhooks run the same code against either.
 */
export interface PaymentProvider {
  readonly window: CheckoutWindow;
  /** Asks the provider for an order of `amountPaise` (our order id as the receipt). */
  createOrder(input: { amountPaise: number; receipt: string }): Promise<ProviderOrder>;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /**
   * Every payment attempt on a provider order, as the provider knows them: how the shop finds a
   * payment whose webhook never arrived (before an order expires, and in the reconciliation).
   */
  fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]>;
  /** Captures an authorised payment (accounts that do not capture automatically). */
  capture(paymentId: string, amountPaise: number): Promise<ProviderPayment>;
  /**
   * Gives `amountPaise` of a captured payment back (all or part); the refund's id and status. With an
   * idempotency key (Razorpay's X-Refund-Idempotency) a retried call makes no second refund; `refundId`
   * (ours) travels in the refund's notes, so its webhooks can be matched before the reply is stored.
   */
  refund(
    paymentId: string,
    amountPaise: number,
    note: string,
    options?: { idempotencyKey?: string; refundId?: string },
  ): Promise<ProviderRefund>;
  /** Whether the checkout's signature names this provider order and payment (constant time). */
  checkoutSignatureValid(providerOrderId: string, paymentId: string, signature: string): boolean;
  /** Whether a webhook's raw body carries the provider's signature; false when no webhook secret is set. */
  webhookSignatureValid(rawBody: Buffer, signature: string): boolean;
  /**
   * A payment link of `amountPaise` for our order `referenceId` (Razorpay's reference_id; one link per
   * reference), its page sent to the customer. Absent for a provider without links (the sandbox pays
   * through its payment window instead).
   */
  createPaymentLink?(input: {
    amountPaise: number;
    referenceId: string;
    description: string;
    customer: { name: string; email: string; contact: string };
    callbackUrl: string;
    expireBy: Date | null;
  }): Promise<ProviderPaymentLink>;
  /**
   * A payment link as the provider knows it now: its status (Razorpay: created, partially_paid,
   * paid, expired, cancelled) and the ids of the payments made on it. Absent with createPaymentLink.
   */
  fetchPaymentLink?(linkId: string): Promise<{ status: string; paymentIds: string[] }>;
  /** Routes the provider itself serves from the shop (the sandbox's payment page); none for Razorpay. */
  readonly routes?: FastifyPluginAsync;
  /**
   * What the provider does on its side each round of the payments job (the sandbox redelivers the
   * webhooks the shop has not acknowledged); Razorpay does its own.
   */
  runDue?(): Promise<void>;
}
