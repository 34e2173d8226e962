import { CHECKOUT_MESSAGES } from '@bazaar/shared/constants';
import type { OrderPaymentReply } from '@bazaar/shared/schemas/orders';
import { notify } from '@/lib/notify';
import { verifyPayment } from '../api/verify-payment';
import { openPaymentWindow } from './payment-window';

// Checkout pays a new order; My Orders pays one again (Pay now) with the same flow, which the app
// layer hands it from this feature's entry (app/providers.tsx).

export type PayOutcome = 'paid' | 'unpaid' | 'unverified';

/**
 * Opens the payment window for the order, then has the server verify what it handed back, with the
 * spec's toasts: 'Verifying payment...', then success, or 'Payment verification failed. Please contact
 * support.' A window closed unpaid leaves the order waiting for payment.
 */
export async function payOrder(payment: OrderPaymentReply): Promise<PayOutcome> {
  const outcome = await openPaymentWindow(payment);
  if (outcome.kind === 'dismissed') {
    notify.info(
      outcome.failure
        ? `${outcome.failure} ${CHECKOUT_MESSAGES.paymentNotCompleted}`
        : CHECKOUT_MESSAGES.paymentNotCompleted,
    );
    return 'unpaid';
  }
  notify.info(CHECKOUT_MESSAGES.verifying);
  try {
    await verifyPayment({
      orderId: payment.orderId,
      razorpayOrderId: outcome.result.razorpay_order_id,
      paymentId: outcome.result.razorpay_payment_id,
      signature: outcome.result.razorpay_signature,
    });
  } catch {
    notify.error(CHECKOUT_MESSAGES.verifyFailed);
    return 'unverified';
  }
  notify.success(CHECKOUT_MESSAGES.paid);
  return 'paid';
}
