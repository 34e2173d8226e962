import type { MyOrderDetail } from '@bazaar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import { insertPendingOrder } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { products } from '../../db/schema/catalogue';

describe('a shopper’s order details', () => {
  const clock = new ManualClock('2025-06-10T10:00:00.000Z');
  let t: TestApp;
  let admin: Account;
  let priya: Account;
  let ravi: Account;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    admin = await signUp(t, 'admin@example.com', { admin: true });
    priya = await signUp(t, 'priya@example.com');
    ravi = await signUp(t, 'ravi@example.com');
    const [p] = await t.db
      .insert(products)
      .values({ name: 'Desk Lamp', pricePaise: 50_000, countInStock: 100, category: 'Home' })
      .returning();
    productId = p!.id;
  });
  afterAll(async () => t.close());

  const detail = (id: string, account: Account) =>
    t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: account.auth });

  it('shows items as charged, totals, address, payment, shipment and the timeline', async () => {
    const order = await insertPendingOrder(t.db, {
      userId: priya.id,
      items: [{ productId, quantity: 2, unitPricePaise: 50_000, name: 'Desk Lamp' }],
      order: { createdAt: clock.now() },
    });
    clock.advance(60_000);
    await t.app.inject({
      method: 'PUT',
      url: `/api/orders/mark-paid/${order.id}`,
      headers: admin.auth,
      payload: { paymentStatus: 'Paid' },
    });
    clock.advance(3_600_000);
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/ship`,
      headers: admin.auth,
      payload: {
        carrier: 'other',
        carrierName: 'Shree Couriers',
        trackingUrl: 'https://shree.example/t/Z9',
        trackingNumber: 'Z9',
        expectedDelivery: '2025-06-14',
      },
    });
    expect(shipped.statusCode).toBe(200);
    const res = await detail(order.id, priya);
    expect(res.statusCode).toBe(200);
    const body = res.json<MyOrderDetail>();
    expect(body).toMatchObject({
      _id: order.id,
      status: 'Shipped',
      total: 1000,
      lines: [{ name: 'Desk Lamp', quantity: 2, price: 500, lineTotal: 1000, discountPercent: 0 }],
      payment: { method: 'razorpay', status: 'Paid' },
      shipment: {
        carrier: 'Shree Couriers',
        trackingNumber: 'Z9',
        trackingUrl: 'https://shree.example/t/Z9',
      },
      shippingAddress: { city: 'Bengaluru', pinCode: '560001' },
    });
    expect(body.timeline.map((s) => s.status)).toEqual(['Processing', 'Shipped']);
  });

  it('is 404 for another shopper’s order and an unknown one (no IDOR), 401 for a guest', async () => {
    const order = await insertPendingOrder(t.db, {
      userId: priya.id,
      items: [{ productId, quantity: 1, unitPricePaise: 50_000 }],
    });
    const other = await detail(order.id, ravi);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Order not found');
    expect((await detail('00000000-0000-4000-8000-000000000000', priya)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}` })).statusCode).toBe(401);
    expect((await detail(order.id, priya)).statusCode).toBe(200);
  });
});
