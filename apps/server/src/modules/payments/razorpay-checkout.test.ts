import { CHECKOUT_MESSAGES, type MyOrdersReply, type OrderPaymentReply } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import {
  couponUses,
  fillCart,
  insertCoupon,
  insertProduct,
  ORDER_BODY,
  type Shopper,
  shopper,
  stockOf,
} from '../../../test/fixtures/checkout';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type RazorpayServer, startRazorpayServer } from '../../../test/razorpay-server';
import { testConfig } from '../../config';
import { payments } from '../../db/schema/orders';
import { findOrderById } from '../orders/orders.repo';

const KEYS = {
  keyId: 'rzp_test_Shop0001',
  keySecret: 'key-secret-0001',
  webhookSecret: 'webhook-secret-0001',
};

describe('checkout with the Razorpay provider (the SDK against a local server speaking its API)', () => {
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  let razorpay: RazorpayServer;
  let t: TestApp;
  let asha: Shopper;
  let lamp: string;

  const inject = (options: InjectOptions) => t.app.inject(options);
  const place = (s: Shopper) =>
    inject({
      method: 'POST',
      url: '/api/orders',
      headers: s.auth,
      payload: { ...ORDER_BODY, email: s.email },
    });
  const webhook = (hook: ReturnType<RazorpayServer['webhook']>, headers = hook.headers) =>
    inject({ method: 'POST', url: '/api/payments/webhook', payload: hook.body, headers });

  beforeAll(async () => {
    razorpay = await startRazorpayServer(KEYS);
    const base = testConfig();
    t = await createTestApp(
      {
        payments: { ...base.payments, provider: 'razorpay' },
        razorpay: { ...base.razorpay, ...KEYS, apiUrl: razorpay.url, timeoutMs: 500 },
      },
      { clock },
    );
  });
  afterAll(async () => {
    await t.close();
    await razorpay.close();
  });
  beforeEach(async () => {
    clock.advance(60_000);
    asha = await shopper(t, `asha${Math.floor(Math.random() * 1e9)}@example.com`);
    lamp = await insertProduct(t.db, { name: 'Desk Lamp', pricePaise: 100_000, countInStock: 4 });
  });

  it("asks Razorpay for an order of the total in paise, with the order id as its receipt, and pays it once Razorpay's signature checks out", async () => {
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 2 }]);
    const res = await place(asha);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as OrderPaymentReply;
    // ₹2,000 + 10% tax, free delivery.
    expect(order).toMatchObject({ provider: 'razorpay', keyId: KEYS.keyId, amount: 220_000 });
    const created = razorpay.requests.find(
      (r) => r.url === '/v1/orders' && r.body.receipt === order.orderId,
    )!;
    expect(created).toMatchObject({ keyId: KEYS.keyId, body: { amount: 220_000, currency: 'INR' } });
    expect(razorpay.orders.get(order.razorpayOrderId)?.amount).toBe(220_000);

    // An account that does not capture automatically: the shop captures the authorised payment.
    const { payment, signature } = razorpay.pay(order.razorpayOrderId, 'authorized');
    const verify = (sig: string) =>
      inject({
        method: 'POST',
        url: '/api/orders/verify',
        headers: asha.auth,
        payload: { orderId: order.orderId, paymentId: payment.id, signature: sig },
      });
    expect((await verify(signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')))).statusCode).toBe(400);
    const ok = await verify(signature);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(razorpay.requests.some((r) => r.url === `/v1/payments/${payment.id}/capture`)).toBe(true);
    expect((await findOrderById(t.db, order.orderId))!.status).toBe('Processing');
    expect((await verify(signature)).json()).toEqual(ok.json());

    // Razorpay's own webhooks about it, later: nothing more happens.
    expect((await webhook(razorpay.webhook('payment.captured', payment))).json()).toEqual({
      status: 'applied',
    });
    const failed = razorpay.webhook('payment.failed', { ...payment, status: 'failed' });
    expect((await webhook(failed)).statusCode).toBe(200);
    const [row] = await t.db.select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(row).toMatchObject({ status: 'captured', providerPaymentId: payment.id, amountPaise: 220_000 });
  });

  it('pays from the webhook alone, once, and refuses webhooks not signed with the webhook secret', async () => {
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }]);
    const order = (await place(asha)).json() as OrderPaymentReply;
    const { payment } = razorpay.pay(order.razorpayOrderId);
    const hook = razorpay.webhook('order.paid', payment);
    expect(
      (await webhook(hook, { ...hook.headers, 'x-razorpay-signature': 'a'.repeat(64) })).statusCode,
    ).toBe(400);
    expect((await findOrderById(t.db, order.orderId))!.status).toBe('Pending');
    expect((await webhook(hook)).json()).toEqual({ status: 'applied' });
    expect((await webhook(hook)).json()).toEqual({ status: 'duplicate' });
    expect((await findOrderById(t.db, order.orderId))!.status).toBe('Processing');
  });

  it('captures an authorised payment from its webhook when the shopper never comes back, but not for a cancelled order', async () => {
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }]);
    const waiting = (await place(asha)).json() as OrderPaymentReply;
    const { payment } = razorpay.pay(waiting.razorpayOrderId, 'authorized');
    const applied = await webhook(razorpay.webhook('payment.authorized', payment));
    expect(applied.json()).toEqual({ status: 'applied' });
    expect(razorpay.requests.some((r) => r.url === `/v1/payments/${payment.id}/capture`)).toBe(true);
    expect((await findOrderById(t.db, waiting.orderId))!.status).toBe('Processing');

    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }]);
    const dropped = (await place(asha)).json() as OrderPaymentReply;
    const deleted = await inject({
      method: 'DELETE',
      url: `/api/orders/${dropped.orderId}`,
      headers: asha.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const late = razorpay.pay(dropped.razorpayOrderId, 'authorized').payment;
    expect((await webhook(razorpay.webhook('payment.authorized', late))).json()).toEqual({
      status: 'ignored',
    });
    expect(razorpay.requests.some((r) => r.url === `/v1/payments/${late.id}/capture`)).toBe(false);
    expect((await findOrderById(t.db, dropped.orderId))!.status).toBe('Cancelled');
  });

  it("undoes the reservation and says 'Failed to initiate payment' when Razorpay cannot take the order", async () => {
    const coupon = await insertCoupon(t.db, {
      code: `DOWN${Math.floor(Math.random() * 1e6)}`,
      discount: 10,
      usageLimit: 1,
    });
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 3 }], coupon);
    for (const outage of [503, 0]) {
      razorpay.failNext(outage);
      const res = await place(asha);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(CHECKOUT_MESSAGES.initiateFailed);
      expect(await stockOf(t.db, lamp)).toBe(4);
      expect(await couponUses(t.db, coupon)).toBe(0);
    }
    const mine = (
      await inject({ method: 'GET', url: '/api/orders/myorders', headers: asha.auth })
    ).json() as MyOrdersReply;
    expect(mine.orders).toEqual([]);
    // Once Razorpay answers again, the same cart checks out.
    expect((await place(asha)).statusCode).toBe(201);
    expect(await stockOf(t.db, lamp)).toBe(1);
  });
});
