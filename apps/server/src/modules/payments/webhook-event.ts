import type { ProviderPayment, ProviderRefund } from './payment-provider';
import { type RazorpayPaymentEntity, toProviderPayment, toProviderRefund } from './razorpay-provider';

export interface WebhookEvent {
  /** payment.captured, order.paid, payment.failed, … */
  name: string;
  /** The payment the event is about, when it is about one. */
  payment: ProviderPayment | undefined;
  /** The payment link a payment_link.paid event is about: its id and our order (reference_id). */
  paymentLink?: { id: string; referenceId: string | null } | undefined;
  /** The refund a refund.processed / refund.failed event is about. */
  refund?: ProviderRefund | undefined;
  /** The parsed body, kept with the event. */
  body: unknown;
}

/** The events that settle or fail a payment; others (refunds, disputes, …) are recorded and left alone. */
const PAYMENT_EVENTS = new Set([
  'payment.captured',
  'order.paid',
  'payment.failed',
  'payment.authorized',
  'payment_link.paid',
]);

/** The events that settle a refund. */
const REFUND_EVENTS = new Set(['refund.processed', 'refund.failed']);

/**
 * A Razorpay webhook body (the sandbox sends the same): `{ event, payload: { payment: { entity } } }`.
 * Undefined when it is not JSON or not shaped like an event.
 */
export function parseWebhook(raw: Buffer): WebhookEvent | undefined {
  let body: {
    event?: unknown;
    payload?: {
      payment?: { entity?: RazorpayPaymentEntity };
      refund?: { entity?: unknown };
      payment_link?: { entity?: { id?: unknown; reference_id?: unknown } };
    };
  };
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null || typeof body.event !== 'string') return undefined;
  const entity = body.payload?.payment?.entity;
  let payment: ProviderPayment | undefined;
  if (PAYMENT_EVENTS.has(body.event) && entity) {
    try {
      payment = toProviderPayment(entity);
    } catch {
      return undefined;
    }
  }
  if (REFUND_EVENTS.has(body.event)) {
    try {
      const refund = toProviderRefund(body.payload?.refund?.entity);
      // The event names the outcome; the entity's status says the same on Razorpay's.
      return {
        name: body.event,
        payment: undefined,
        refund: { ...refund, status: body.event === 'refund.failed' ? 'failed' : 'processed' },
        body,
      };
    } catch {
      return undefined;
    }
  }
  if (body.event === 'payment_link.paid') {
    const link = body.payload?.payment_link?.entity;
    if (typeof link?.id !== 'string' || !payment) return undefined;
    const referenceId = typeof link.reference_id === 'string' ? link.reference_id : null;
    return { name: body.event, payment, paymentLink: { id: link.id, referenceId }, body };
  }
  return { name: body.event, payment, body };
}
