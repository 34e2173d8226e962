import type { ProviderPayment } from './payment-provider';
import { type RazorpayPaymentEntity, toProviderPayment } from './razorpay-provider';

export interface WebhookEvent {
  /** payment.captured, order.paid, payment.failed, … */
  name: string;
  /** The payment the event is about, when it is about one. */
  payment: ProviderPayment | undefined;
  /** The parsed body, kept with the event. */
  body: unknown;
}

/** The events that settle or fail a payment; others (refunds, disputes, …) are recorded and left alone. */
const PAYMENT_EVENTS = new Set(['payment.captured', 'order.paid', 'payment.failed', 'payment.authorized']);

/**
 * A Razorpay webhook body (the sandbox sends the same): `{ event, payload: { payment: { entity } } }`.
 * Undefined when it is not JSON or not shaped like an event.
 */
export function parseWebhook(raw: Buffer): WebhookEvent | undefined {
  let body: { event?: unknown; payload?: { payment?: { entity?: RazorpayPaymentEntity } } };
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
  return { name: body.event, payment, body };
}
