import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RazorpayServer, startRazorpayServer } from '../../../test/razorpay-server';
import { PaymentProviderError } from './payment-provider';
import { RazorpayProvider } from './razorpay-provider';
import { hmacHex } from './signatures';

const KEYS = { keyId: 'rzp_test_Bazaar01', keySecret: 'key-secret-of-the-test', webhookSecret: 'whsec-test' };

async function failure(call: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe('the Razorpay adapter, through the official SDK against a local server speaking its API', () => {
  let server: RazorpayServer;
  let provider: RazorpayProvider;

  beforeAll(async () => {
    server = await startRazorpayServer(KEYS);
    provider = new RazorpayProvider({ ...KEYS, apiUrl: server.url, timeoutMs: 500 });
  });
  afterAll(async () => server.close());

  it('creates an order of the amount in paise, in rupees, with our order id as the receipt', async () => {
    const order = await provider.createOrder({ amountPaise: 123_400, receipt: 'our-order-1' });
    expect(order).toEqual({
      id: expect.stringMatching(/^order_/),
      amountPaise: 123_400,
      currency: 'INR',
      receipt: 'our-order-1',
    });
    const request = server.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/orders', keyId: KEYS.keyId });
    expect(request.body).toMatchObject({ amount: 123_400, currency: 'INR', receipt: 'our-order-1' });
    expect(provider.window).toEqual({ provider: 'razorpay', keyId: KEYS.keyId });
  });

  it("reports Razorpay's refusals, outages and silences as provider errors", async () => {
    expect((await failure(provider.createOrder({ amountPaise: 50, receipt: 'small' }))).message).toContain(
      'Order amount less than minimum amount allowed',
    );
    server.failNext(503);
    expect((await failure(provider.createOrder({ amountPaise: 10_000, receipt: 'down' }))).status).toBe(503);
    server.failNext(0);
    await failure(provider.createOrder({ amountPaise: 10_000, receipt: 'hangs' }));

    const wrongKey = new RazorpayProvider({
      ...KEYS,
      keySecret: 'wrong',
      apiUrl: server.url,
      timeoutMs: 500,
    });
    const refused = await failure(wrongKey.createOrder({ amountPaise: 10_000, receipt: 'x' }));
    expect(refused.status).toBe(401);
    expect(refused.message).toContain('Authentication failed');

    const closed = new RazorpayProvider({ ...KEYS, apiUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    await failure(closed.createOrder({ amountPaise: 10_000, receipt: 'x' }));
  });

  it('says how a payment was made (UPI here), as Razorpay names the method', async () => {
    const order = await provider.createOrder({ amountPaise: 15_000, receipt: 'u' });
    const { payment } = server.pay(order.id, 'captured', 'upi');
    expect(await provider.fetchPayment(payment.id)).toMatchObject({ status: 'captured', method: 'upi' });
    expect((await provider.fetchOrderPayments(order.id)).map((p) => p.method)).toEqual(['upi']);
  });

  it('looks payments up, captures an authorised one and refunds a captured one', async () => {
    const order = await provider.createOrder({ amountPaise: 20_000, receipt: 'r' });
    const { payment } = server.pay(order.id, 'authorized');
    expect(await provider.fetchPayment(payment.id)).toEqual({
      id: payment.id,
      orderId: order.id,
      amountPaise: 20_000,
      status: 'authorized',
      method: 'card',
      email: 'asha@example.com',
      errorDescription: null,
    });
    expect((await provider.capture(payment.id, 20_000)).status).toBe('captured');
    const refund = await provider.refund(payment.id, 20_000, 'order expired and sold out');
    expect(refund.id).toMatch(/^rfnd_/);
    expect(server.refunds.at(-1)).toMatchObject({ payment_id: payment.id, amount: 20_000 });
    expect((await provider.fetchPayment(payment.id)).status).toBe('refunded');
    expect((await failure(provider.fetchPayment('pay_unknown'))).message).toContain('does not exist');
  });

  it('accepts exactly the checkout signature Razorpay makes, and webhooks signed with the webhook secret', async () => {
    const order = await provider.createOrder({ amountPaise: 30_000, receipt: 's' });
    const { payment, signature } = server.pay(order.id);
    expect(provider.checkoutSignatureValid(order.id, payment.id, signature)).toBe(true);
    const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    expect(provider.checkoutSignatureValid(order.id, payment.id, flipped)).toBe(false);
    expect(provider.checkoutSignatureValid('order_other', payment.id, signature)).toBe(false);
    expect(provider.checkoutSignatureValid(order.id, payment.id, 'not-hex')).toBe(false);
    expect(provider.checkoutSignatureValid(order.id, payment.id, '')).toBe(false);

    const hook = server.webhook('payment.captured', payment);
    expect(provider.webhookSignatureValid(Buffer.from(hook.body), hook.headers['x-razorpay-signature'])).toBe(
      true,
    );
    // One changed byte of the body, or the key secret instead of the webhook secret, is refused.
    const changed = Buffer.from(hook.body.replace('"captured"', '"Captured"'));
    expect(provider.webhookSignatureValid(changed, hook.headers['x-razorpay-signature'])).toBe(false);
    expect(provider.webhookSignatureValid(Buffer.from(hook.body), hmacHex(hook.body, KEYS.keySecret))).toBe(
      false,
    );
    const noSecret = new RazorpayProvider({
      ...KEYS,
      webhookSecret: undefined,
      apiUrl: server.url,
      timeoutMs: 1,
    });
    expect(noSecret.webhookSignatureValid(Buffer.from(hook.body), hook.headers['x-razorpay-signature'])).toBe(
      false,
    );
  });
});
