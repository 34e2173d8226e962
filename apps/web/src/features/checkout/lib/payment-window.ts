import type { OrderPaymentReply } from '@bazaar/shared/schemas/orders';
import type { PaymentResult } from '@bazaar/shared/schemas/payments';

/** How the payment window closed: paid (with what the provider hands back), or closed unpaid. */
export type PaymentOutcome =
  | { kind: 'paid'; result: PaymentResult }
  | { kind: 'dismissed'; failure?: string };

/** Razorpay's checkout script: the one host the CSP allows scripts from while Razorpay is the provider. */
export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayCheckout;

let script: Promise<RazorpayConstructor> | undefined;

function loadRazorpay(): Promise<RazorpayConstructor> {
  script ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const tag = document.createElement('script');
    tag.src = RAZORPAY_CHECKOUT_SCRIPT;
    tag.async = true;
    tag.onload = () => {
      const ctor = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (ctor) resolve(ctor);
      else reject(new Error('Razorpay checkout did not load'));
    };
    tag.onerror = () => {
      script = undefined;
      reject(new Error('Razorpay checkout could not be loaded'));
    };
    document.head.appendChild(tag);
  });
  return script;
}

/** Razorpay's own checkout window (test mode with test keys), as its web integration opens it. */
async function openRazorpay(payment: OrderPaymentReply): Promise<PaymentOutcome> {
  const Razorpay = await loadRazorpay();
  return new Promise((resolve) => {
    let failure: string | undefined;
    const checkout = new Razorpay({
      key: payment.keyId,
      amount: payment.amount,
      currency: payment.currency,
      order_id: payment.razorpayOrderId,
      name: payment.name,
      description: `Order #${payment.orderNumber}`,
      prefill: payment.prefill,
      handler: (result: PaymentResult) => resolve({ kind: 'paid', result }),
      modal: { ondismiss: () => resolve({ kind: 'dismissed', failure }) },
    });
    // A failed attempt keeps the window open for another try; what failed is told if it is closed.
    checkout.on('payment.failed', (response) => {
      failure = response.error?.description;
    });
    checkout.open();
  });
}

interface SandboxMessage {
  source: 'bazaar-sandbox';
  type: 'success' | 'failed' | 'dismiss';
  result?: PaymentResult;
  error?: { description?: string };
}

/**
 * The sandbox's payment page in a frame over the page, as Razorpay's checkout opens: it answers
 * through postMessage from the shop's own origin.
 */
function openSandbox(payment: OrderPaymentReply): Promise<PaymentOutcome> {
  return new Promise((resolve) => {
    let failure: string | undefined;
    const previousFocus = document.activeElement as HTMLElement | null;
    const overlay = document.createElement('div');
    overlay.className = 'fixed inset-0 z-[100] flex items-center justify-center bg-black/60 p-4';
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', `Pay for order #${payment.orderNumber}`);
    const frame = document.createElement('iframe');
    frame.src = `/api/payments/sandbox/checkout?order_id=${encodeURIComponent(payment.razorpayOrderId)}`;
    frame.title = 'Payment';
    frame.className = 'h-[560px] max-h-full w-full max-w-[420px] rounded-lg bg-white shadow-xl';
    overlay.appendChild(frame);

    const close = (outcome: PaymentOutcome) => {
      window.removeEventListener('message', onMessage);
      document.removeEventListener('keydown', onKey);
      overlay.remove();
      previousFocus?.focus?.();
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent<SandboxMessage>) => {
      if (event.origin !== window.location.origin || event.source !== frame.contentWindow) return;
      const message = event.data;
      if (message?.source !== 'bazaar-sandbox') return;
      if (message.type === 'success' && message.result) close({ kind: 'paid', result: message.result });
      else if (message.type === 'failed') failure = message.error?.description;
      else if (message.type === 'dismiss') close({ kind: 'dismissed', failure });
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close({ kind: 'dismissed', failure });
    };
    window.addEventListener('message', onMessage);
    document.addEventListener('keydown', onKey);
    document.body.appendChild(overlay);
    frame.addEventListener('load', () => frame.focus(), { once: true });
  });
}

/** Opens the payment window of the configured provider for an order the server created. */
export function openPaymentWindow(payment: OrderPaymentReply): Promise<PaymentOutcome> {
  return payment.provider === 'razorpay' ? openRazorpay(payment) : openSandbox(payment);
}
