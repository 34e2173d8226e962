import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import { fillCart, insertProduct, type Shopper, shopper, stockOf } from '../../../test/fixtures/checkout';
import { paymentRows, placeOrder } from '../../../test/fixtures/payments';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type RazorpayServer, startRazorpayServer } from '../../../test/razorpay-server';
import { testConfig } from '../../config';
import { findOrderById, findStatusHistory } from '../orders/orders.repo';

const MINUTE = 60_000;
// No webhook secret: the webhook is never configured, so every payment must be found by asking.
const KEYS = { keyId: 'rzp_test_Shop0002', keySecret: 'key-secret-0002', webhookSecret: 'unused' };

describe('payments Razorpay never told the shop about (no webhook configured)', () => {
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  let razorpay: RazorpayServer;
  let a: TestApp;
  let b: TestApp;
  let asha: Shopper;

  const status = async (orderId: string) => (await findOrderById(a.db, orderId))!.status;
  const asked = (providerOrderId: string) =>
    razorpay.requests.filter((r) => r.method === 'GET' && r.url === `/v1/orders/${providerOrderId}/payments`)
      .length;
  const refundsOf = (paymentId: string) => razorpay.refunds.filter((r) => r.payment_id === paymentId);

  beforeAll(async () => {
    razorpay = await startRazorpayServer(KEYS);
    const base = testConfig();
    const config = {
      payments: { ...base.payments, provider: 'razorpay' as const },
      razorpay: { ...base.razorpay, ...KEYS, webhookSecret: undefined, apiUrl: razorpay.url, timeoutMs: 500 },
    };
    a = await createTestApp(config, { clock });
    // A second server process on the same database, for the races.
    b = await createTestApp(config, { clock, sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await razorpay.close();
  });
  beforeEach(async () => {
    clock.advance(MINUTE);
    asha = await shopper(a, `asha${Math.floor(Math.random() * 1e9)}@example.com`);
  });

  const orderOf = async (s: Shopper, productId: string, quantity = 1) => {
    await fillCart(a.db, s.id, [{ productId, quantity }]);
    return placeOrder(a, s);
  };

  it("asks Razorpay for the order's payments before expiring it: captured pays it, authorised is captured and pays it, none cancels it", async () => {
    const lamp = await insertProduct(a.db, { name: 'Lamp', pricePaise: 100_000, countInStock: 5 });
    const captured = await orderOf(asha, lamp);
    const authorized = await orderOf(asha, lamp);
    const unpaid = await orderOf(asha, lamp);
    razorpay.pay(captured.razorpayOrderId, 'failed');
    razorpay.pay(captured.razorpayOrderId, 'captured');
    const auth = razorpay.pay(authorized.razorpayOrderId, 'authorized').payment;
    razorpay.pay(unpaid.razorpayOrderId, 'failed');
    // Only the expiry asks in this test.
    await a.db.execute('update payments set next_check_at = null');

    clock.advance(31 * MINUTE);
    expect(await a.services.orders.expireDue()).toBe(1);
    expect(await status(captured.orderId)).toBe('Processing');
    expect(await status(authorized.orderId)).toBe('Processing');
    expect(razorpay.requests.some((r) => r.url === `/v1/payments/${auth.id}/capture`)).toBe(true);
    expect(await status(unpaid.orderId)).toBe('Cancelled');
    for (const order of [captured, authorized, unpaid]) expect(asked(order.razorpayOrderId)).toBe(1);
    expect(await stockOf(a.db, lamp)).toBe(3);
    expect((await findStatusHistory(a.db, captured.orderId)).at(-1)!.note).toContain(
      'found at the provider before the order expired',
    );
  });

  it('keeps an order Razorpay cannot be asked about until it answers; an hour past its window it is cancelled, and a payment found later honoured', async () => {
    const kettle = await insertProduct(a.db, { name: 'Kettle', pricePaise: 150_000, countInStock: 2 });
    const order = await orderOf(asha, kettle);
    await a.db.execute('update payments set next_check_at = null');
    clock.advance(31 * MINUTE);
    razorpay.failNext(503, 1);
    expect(await a.services.orders.expireDue()).toBe(0);
    expect(await status(order.orderId)).toBe('Pending');
    // Claimed by the round that could not ask: another round leaves it until the claim is stale.
    expect(await b.services.orders.expireDue()).toBe(0);
    expect(asked(order.razorpayOrderId)).toBe(1);

    clock.advance(3 * MINUTE);
    razorpay.failNext(0, 1);
    expect(await b.services.orders.expireDue()).toBe(0);
    expect(await status(order.orderId)).toBe('Pending');

    // An hour after the window closed, Razorpay still silent: cancelled, stock back.
    clock.advance(60 * MINUTE);
    razorpay.failNext(503, 1);
    expect(await a.services.orders.expireDue()).toBe(1);
    expect(await status(order.orderId)).toBe('Cancelled');
    expect(await stockOf(a.db, kettle)).toBe(2);
    expect((await findStatusHistory(a.db, order.orderId)).at(-1)!.note).toContain(
      'the payment provider could not be asked',
    );

    // The shopper had paid after all; the reconciliation finds it and the stock is there.
    razorpay.pay(order.razorpayOrderId, 'captured');
    await a.db.execute(
      `update payments set next_check_at = '${clock.now().toISOString()}' where provider_order_id = '${order.razorpayOrderId}'`,
    );
    expect(await a.services.payments.reconcile()).toBe(1);
    expect(await status(order.orderId)).toBe('Processing');
    expect(await stockOf(a.db, kettle)).toBe(1);
  });

  it('pays an order minutes after its payment, at the first check, though no webhook ever comes', async () => {
    const mug = await insertProduct(a.db, { name: 'Mug', pricePaise: 30_000, countInStock: 4 });
    const order = await orderOf(asha, mug, 2);
    razorpay.pay(order.razorpayOrderId, 'captured');
    clock.advance(MINUTE);
    await a.services.payments.runDue();
    expect(await status(order.orderId)).toBe('Pending');
    clock.advance(MINUTE);
    await a.services.payments.runDue();
    expect(await status(order.orderId)).toBe('Processing');
    expect((await paymentRows(a.db, order.orderId))[0]).toMatchObject({ status: 'captured' });
  });

  it('refunds exactly once a payment captured after its order was cancelled and its stock sold, with two processes reconciling at once', async () => {
    const vase = await insertProduct(a.db, { name: 'Vase', pricePaise: 80_000, countInStock: 1 });
    const order = await orderOf(asha, vase);
    const deleted = await a.app.inject({
      method: 'DELETE',
      url: `/api/orders/${order.orderId}`,
      headers: asha.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const ravi = await shopper(a, `ravi${Math.floor(Math.random() * 1e9)}@example.com`);
    const sold = await orderOf(ravi, vase);
    razorpay.pay(sold.razorpayOrderId, 'captured');
    // Asha's payment window was still open in her browser.
    const late = razorpay.pay(order.razorpayOrderId, 'captured').payment;

    clock.advance(10 * MINUTE);
    await Promise.all([a.services.payments.runDue(), b.services.payments.runDue()]);
    expect(await status(sold.orderId)).toBe('Processing');
    expect(await status(order.orderId)).toBe('Cancelled');
    expect(refundsOf(late.id)).toEqual([
      expect.objectContaining({ amount: (await paymentRows(a.db, order.orderId))[0]!.amountPaise }),
    ]);
    expect((await paymentRows(a.db, order.orderId))[0]).toMatchObject({
      status: 'refunded',
      providerPaymentId: late.id,
    });

    // Every later round, on either process, leaves it alone.
    for (const app of [a, b, a]) {
      clock.advance(24 * 60 * MINUTE);
      await app.services.payments.runDue();
      await app.services.orders.expireDue();
    }
    expect(refundsOf(late.id)).toHaveLength(1);
    expect(await status(order.orderId)).toBe('Cancelled');
  });
});
