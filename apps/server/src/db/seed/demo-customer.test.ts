import {
  type MyOrdersReply,
  type OrderPaymentReply,
  type ProductList,
  SANDBOX_CARDS,
  type SandboxPayReply,
} from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_BODY } from '../../../test/fixtures/checkout';
import { payInSandbox } from '../../../test/fixtures/payments';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { TEST_SCRYPT_COST } from '../../config';
import { PasswordHasher } from '../../lib/password';
import { MAX_UNPAID_ORDERS } from '../../modules/orders/orders.service';
import { orders, unpaidHolds } from '../schema/orders';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './index';

// The demo as a visitor meets it: the seeded customer signs in and acts on her orders through the API,
// with the sandbox's test cards, as the storefront would.

const passwords = new PasswordHasher(TEST_SCRYPT_COST);

describe('the demo customer on the seeded shop', () => {
  let t: TestApp;
  let auth: { authorization: string };

  const call = async <T>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: auth, payload });
    return { status: res.statusCode, body: res.json<T>(), text: res.body };
  };
  const myOrders = async () => (await call<MyOrdersReply>('GET', '/api/orders/myorders')).body.orders;
  const unpaid = async () => (await myOrders()).filter((o) => o.status === 'Pending');

  /** Something in stock into her cart, then POST /orders with her details. */
  async function placeOne(): Promise<{ status: number; order: OrderPaymentReply; text: string }> {
    const list = await call<ProductList>('GET', '/api/products?limit=50');
    const product = list.body.products.find((p) => p.countInStock >= 10)!;
    const added = await call('POST', '/api/cart/add', { productId: product._id, quantity: 1 });
    expect(added.status, added.text).toBe(200);
    const placed = await call<OrderPaymentReply>('POST', '/api/orders', {
      ...ORDER_BODY,
      email: DEMO_ACCOUNTS.customer.email,
    });
    return { status: placed.status, order: placed.body, text: placed.text };
  }

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty({ db: t.db, storage: t.deps.storage, log: t.app.log, passwords });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    auth = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('can pay or delete every unpaid order the seed gave her: each has its payment window open and its holds', async () => {
    const waiting = await unpaid();
    expect(waiting.length).toBeGreaterThan(0);
    for (const order of waiting) {
      // My Orders offers Pay now and Delete exactly when `payBy` is set.
      expect(order.payBy, order.orderNumber).not.toBeNull();
      expect(new Date(order.payBy!).getTime()).toBeGreaterThan(Date.now());
      const holds = await t.db.select().from(unpaidHolds).where(eq(unpaidHolds.orderId, order._id));
      expect(holds.reduce((n, h) => n + h.quantity, 0)).toBe(
        order.orderItems.reduce((n, i) => n + i.quantity, 0),
      );
    }
    // A declined card adds one more unpaid order and still leaves room for the next.
    expect(waiting.length).toBeLessThanOrEqual(MAX_UNPAID_ORDERS - 2);
    // No seeded order waits for payment without a window (it could be neither paid nor deleted).
    const stuck = await t.db.select().from(orders).where(eq(orders.status, 'Pending'));
    expect(stuck.every((o) => o.expiresAt !== null && o.expiresAt.getTime() > Date.now())).toBe(true);
  });

  it('opens Pay now on a seeded unpaid order', async () => {
    const [order] = await unpaid();
    const pay = await call<OrderPaymentReply>('POST', `/api/orders/${order!._id}/pay`);
    expect(pay.status, pay.text).toBe(200);
    expect(pay.body.orderId).toBe(order!._id);
  });

  it('places and pays an order with the good card after one declined card', async () => {
    const first = await placeOne();
    expect(first.status, first.text).toBe(201);
    const declined = await payInSandbox(t, first.order.razorpayOrderId, SANDBOX_CARDS.declined);
    expect(declined.status).toBe('failed');
    expect((await unpaid()).map((o) => o._id)).toContain(first.order.orderId);

    const second = await placeOne();
    expect(second.status, second.text).toBe(201);
    const paid = (await payInSandbox(t, second.order.razorpayOrderId, SANDBOX_CARDS.success)) as Extract<
      SandboxPayReply,
      { status: 'captured' }
    >;
    expect(paid.status).toBe('captured');
    const verified = await call('POST', '/api/orders/verify', {
      orderId: second.order.orderId,
      paymentId: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
      razorpayOrderId: paid.razorpay_order_id,
    });
    expect(verified.status, verified.text).toBe(200);
    const after = await myOrders();
    expect(after.find((o) => o._id === second.order.orderId)).toMatchObject({ status: 'Processing' });
    // The declined one still waits, payable and deletable.
    expect(after.find((o) => o._id === first.order.orderId)?.payBy).not.toBeNull();
  });

  it('deletes a seeded unpaid order', async () => {
    const seeded = (await unpaid()).at(-1)!;
    const removed = await call('DELETE', `/api/orders/${seeded._id}`);
    expect(removed.status, removed.text).toBe(200);
    expect((await myOrders()).some((o) => o._id === seeded._id)).toBe(false);
  });
});
