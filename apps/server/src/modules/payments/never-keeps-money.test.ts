import type { OrderPaymentReply } from '@bazaar/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import { fillCart, insertProduct, ORDER_BODY, shopper, stockOf } from '../../../test/fixtures/checkout';
import { paymentRows, placeOrder } from '../../../test/fixtures/payments';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type RazorpayServer, startRazorpayServer } from '../../../test/razorpay-server';
import { testConfig } from '../../config';
import { findOrderById } from '../orders/orders.repo';

const MINUTE = 60_000;
const KEYS = { keyId: 'rzp_test_Money001', keySecret: 'key-secret-money', webhookSecret: 'webhook-money' };

/** What can happen to an unpaid order, in any order: at Razorpay, in the shop, to the stock. */
const step = fc.oneof(
  fc.constant({ kind: 'pay' as const }),
  fc.constant({ kind: 'authorize' as const }),
  fc.constant({ kind: 'webhook' as const }),
  fc.constant({ kind: 'verify' as const }),
  fc.constant({ kind: 'expire' as const }),
  fc.record({ kind: fc.constant('reconcile' as const), minutes: fc.integer({ min: 0, max: 180 }) }),
  fc.constant({ kind: 'sell-out' as const }),
  fc.constant({ kind: 'delete' as const }),
  fc.constant({ kind: 'razorpay-down' as const }),
);

describe('whatever happens in whatever order, the shop never keeps money for a cancelled order', () => {
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  let razorpay: RazorpayServer;
  let t: TestApp;

  beforeAll(async () => {
    razorpay = await startRazorpayServer(KEYS);
    const base = testConfig();
    t = await createTestApp(
      {
        // Every request comes from one address; the API limit is not what is tested here.
        rateLimitMax: 1_000_000,
        payments: { ...base.payments, provider: 'razorpay' },
        razorpay: { ...base.razorpay, ...KEYS, apiUrl: razorpay.url, timeoutMs: 500 },
      },
      { clock },
    );
  });
  afterAll(async () => {
    await t?.close();
    await razorpay?.close();
  });

  it('ends every order paid by exactly one captured payment of its total, or cancelled with every captured paisa refunded', {
    timeout: 120_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 5_000_000 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 2 }),
        fc.array(step, { minLength: 1, maxLength: 8 }),
        async (pricePaise, quantity, spare, steps) => {
          razorpay.recover();
          const stock = quantity + spare;
          const product = await insertProduct(t.db, { name: 'Thing', pricePaise, countInStock: stock });
          const asha = await shopper(t, `asha${Math.floor(Math.random() * 1e9)}@example.com`);
          await fillCart(t.db, asha.id, [{ productId: product, quantity }]);
          const order = await placeOrder(t, asha);
          const providerOrder = order.razorpayOrderId;
          let soldElsewhere = 0;

          for (const s of steps) {
            const paidAtRazorpay = razorpay.orders.get(providerOrder)!.status === 'paid';
            const latest = lastPayment(razorpay, providerOrder);
            switch (s.kind) {
              case 'pay':
                if (!paidAtRazorpay) razorpay.pay(providerOrder, 'captured');
                break;
              case 'authorize':
                if (!paidAtRazorpay) razorpay.pay(providerOrder, 'authorized');
                break;
              case 'webhook':
                if (latest) {
                  const event = latest.status === 'authorized' ? 'payment.authorized' : 'payment.captured';
                  const hook = razorpay.webhook(event, latest);
                  await t.app.inject({
                    method: 'POST',
                    url: '/api/payments/webhook',
                    payload: hook.body,
                    headers: hook.headers,
                  });
                }
                break;
              case 'verify':
                if (latest) {
                  await t.app.inject({
                    method: 'POST',
                    url: '/api/orders/verify',
                    headers: asha.auth,
                    payload: {
                      orderId: order.orderId,
                      paymentId: latest.id,
                      signature: razorpay.signatureOf(providerOrder, latest.id),
                    },
                  });
                }
                break;
              case 'expire':
                clock.advance(31 * MINUTE);
                await t.services.orders.expireDue();
                break;
              case 'reconcile':
                clock.advance(s.minutes * MINUTE);
                await t.services.payments.runDue();
                break;
              case 'sell-out': {
                const left = await stockOf(t.db, product);
                if (left > 0) {
                  const ravi = await shopper(t, `ravi${Math.floor(Math.random() * 1e9)}@example.com`);
                  await fillCart(t.db, ravi.id, [{ productId: product, quantity: left }]);
                  const placed = await t.app.inject({
                    method: 'POST',
                    url: '/api/orders',
                    headers: ravi.auth,
                    payload: { ...ORDER_BODY, email: ravi.email },
                  });
                  // Razorpay may be down for this one too: then nothing was sold.
                  if (placed.statusCode !== 201) break;
                  const other = placed.json() as OrderPaymentReply;
                  // Paid at once, so its stock stays taken whatever the clock does.
                  const paid = razorpay.pay(other.razorpayOrderId, 'captured');
                  await t.app.inject({
                    method: 'POST',
                    url: '/api/orders/verify',
                    headers: ravi.auth,
                    payload: {
                      orderId: other.orderId,
                      paymentId: paid.payment.id,
                      signature: paid.signature,
                    },
                  });
                  if ((await findOrderById(t.db, other.orderId))!.status !== 'Processing') {
                    throw new Error('the other shopper’s order was not paid');
                  }
                  soldElsewhere += left;
                }
                break;
              }
              case 'delete':
                await t.app.inject({
                  method: 'DELETE',
                  url: `/api/orders/${order.orderId}`,
                  headers: asha.auth,
                });
                break;
              case 'razorpay-down':
                razorpay.failNext(503, 2);
                break;
            }
          }

          // Then Razorpay answers and time passes: every check, expiry and refund owed runs its course.
          razorpay.recover();
          for (let day = 0; day < 10; day++) {
            clock.advance(24 * 60 * MINUTE);
            await t.services.orders.expireDue();
            await t.services.payments.runDue();
          }

          const ended = (await findOrderById(t.db, order.orderId))!;
          const atRazorpay = [...paymentsAt(razorpay, providerOrder)];
          const kept = atRazorpay.filter((p) => p.status === 'captured');
          const refunded = atRazorpay.filter((p) => p.status === 'refunded');
          const [row] = await paymentRows(t.db, order.orderId);
          expect(['Processing', 'Cancelled']).toContain(ended.status);
          if (ended.status === 'Processing') {
            expect(kept).toHaveLength(1);
            expect(kept[0]!.amount).toBe(ended.totalPaise);
            expect(row).toMatchObject({ status: 'captured', providerPaymentId: kept[0]!.id });
            expect(refunded).toHaveLength(0);
          } else {
            expect(kept).toEqual([]);
            expect(ended.paidAt).toBeNull();
          }
          // Every refund gives back exactly what was captured, in paise.
          for (const p of refunded) {
            const refunds = razorpay.refunds.filter((r) => r.payment_id === p.id);
            expect(refunds.map((r) => r.amount)).toEqual([p.amount]);
          }
          const held = ended.status === 'Processing' ? quantity : 0;
          expect(await stockOf(t.db, product)).toBe(stock - held - soldElsewhere);
        },
      ),
      { numRuns: 40 },
    );
  });
});

function paymentsAt(razorpay: RazorpayServer, providerOrderId: string) {
  return razorpay.payments().filter((p) => p.order_id === providerOrderId);
}

function lastPayment(razorpay: RazorpayServer, providerOrderId: string) {
  return paymentsAt(razorpay, providerOrderId).at(-1);
}
