import type { Dashboard, OrderStatus } from '@bazaar/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import {
  insertCapturedPayment,
  insertPendingOrder,
  type OrderRow,
  recordShipment,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { products } from '../../db/schema/catalogue';
import { moveOrder } from '../orders/order-lifecycle';

describe('dashboard figures', () => {
  // 20:00 UTC on 30 June is 01:30 on 1 July in India.
  const clock = new ManualClock('2025-06-30T20:00:00.000Z');
  let t: TestApp;
  let admin: Account;
  let dashboard: Dashboard;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    admin = await signUp(t, 'admin@example.com', { admin: true });
    const shopper = await signUp(t, 'shopper@example.com');
    await signUp(t, 'second@example.com');
    const [product] = await t.db
      .insert(products)
      .values([
        { name: 'Kettle', pricePaise: 150_000, countInStock: 100, category: 'Home' },
        {
          name: 'Old Kettle',
          pricePaise: 100_000,
          countInStock: 0,
          category: 'Home',
          archivedAt: clock.now(),
        },
      ])
      .returning();
    const place = (rupees: number, createdAt: string) =>
      insertPendingOrder(t.db, {
        userId: shopper.id,
        items: [{ productId: product!.id, quantity: 1, unitPricePaise: rupees * 100 }],
        order: { createdAt: new Date(createdAt) },
      });
    const admins = { kind: 'admin' as const, userId: admin.id };
    const pay = async (order: OrderRow, paidAt: string, ...then: OrderStatus[]) => {
      await insertCapturedPayment(t.db, order.id, order.totalPaise);
      let current = await moveOrder(t.db, order, 'Processing', admins, { at: new Date(paidAt) });
      for (const status of then) {
        if (status === 'Shipped') await recordShipment(t.db, current.id);
        current = await moveOrder(t.db, current, status, admins, { at: new Date(paidAt) });
      }
    };
    // Paid on 1 July in India (after 18:30 UTC on 30 June): ₹1,500 + ₹2,500.
    await pay(await place(1500, '2025-06-30T19:00:00Z'), '2025-06-30T19:05:00Z');
    await pay(await place(2500, '2025-06-30T19:10:00Z'), '2025-06-30T19:15:00Z', 'Shipped', 'Delivered');
    // Paid on 30 June in India: ₹1,000.
    await pay(await place(1000, '2025-06-29T10:00:00Z'), '2025-06-30T10:00:00Z', 'Shipped');
    // Paid, then money given back: never revenue.
    await pay(await place(9000, '2025-06-28T10:00:00Z'), '2025-06-28T10:05:00Z', 'Cancelled', 'Refunded');
    await pay(await place(8000, '2025-06-27T10:00:00Z'), '2025-06-27T10:05:00Z', 'Cancelled');
    await pay(await place(7000, '2025-06-26T10:00:00Z'), '2025-06-26T10:05:00Z', 'Shipped', 'Returned');
    // Paid 40 days ago: revenue, but outside the chart.
    await pay(
      await place(300, '2025-05-21T10:00:00Z'),
      '2025-05-21T10:05:00Z',
      'Shipped',
      'Delivered',
      'Completed',
    );
    // Awaiting payment: the spec counted these as revenue; they are only pending.
    await place(5000, '2025-06-30T19:30:00Z');
    await place(6000, '2025-06-20T10:00:00Z');

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    dashboard = res.json<Dashboard>();
  });
  afterAll(async () => t.close());

  it('counts revenue from paid orders that were not cancelled, refunded or returned', () => {
    expect(dashboard.revenue).toBe(1500 + 2500 + 1000 + 300);
  });

  it('counts orders (pending, to ship, today in India, last week), live products, users and admins', () => {
    expect(dashboard.orders).toEqual({ total: 9, pending: 2, toShip: 1, today: 3, lastWeek: 7 });
    expect(dashboard.products).toBe(1);
    expect(dashboard.users).toEqual({ total: 3, admins: 1 });
  });

  it('lists the last seven days’ orders, newest first', () => {
    expect(dashboard.recentOrders.map((o) => o.totalPrice)).toEqual([
      5000, 2500, 1500, 1000, 9000, 8000, 7000,
    ]);
    expect(dashboard.recentOrders[1]).toMatchObject({ status: 'Delivered', isPaid: true, isDelivered: true });
  });

  it('gives revenue per day for the last 30 days, India’s days, today last', () => {
    const days = dashboard.revenueByDay;
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe('2025-06-02');
    expect(days.at(-1)).toEqual({ date: '2025-07-01', revenue: 4000, orders: 2 });
    expect(days.at(-2)).toEqual({ date: '2025-06-30', revenue: 1000, orders: 1 });
    expect(days.filter((d) => d.revenue > 0)).toHaveLength(2);
  });
});

describe('dashboard revenue, for any mix of orders', () => {
  const clock = new ManualClock('2025-06-30T20:00:00.000Z');
  let t: TestApp;
  let admin: Account;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    admin = await signUp(t, 'owner@example.com', { admin: true });
    const [product] = await t.db
      .insert(products)
      .values({ name: 'Kettle', pricePaise: 150_000, countInStock: 1_000_000, category: 'Home' })
      .returning();
    productId = product!.id;
  });
  afterAll(async () => t.close());

  const revenuePaise = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.auth });
    return Math.round(res.json<Dashboard>().revenue * 100);
  };

  it('is the paise of every paid order still kept, never a test order’s, and whole paise', async () => {
    const admins = { kind: 'admin' as const, userId: admin.id };
    const ending = fc.constantFrom<OrderStatus[]>(
      [],
      ['Processing'],
      ['Processing', 'Shipped'],
      ['Processing', 'Shipped', 'Delivered', 'Completed'],
      ['Processing', 'Cancelled'],
      ['Processing', 'Cancelled', 'Refunded'],
      ['Processing', 'Shipped', 'Returned'],
      ['Cancelled'],
    );
    const order = fc.record({
      pricePaise: fc.integer({ min: 1, max: 10_000_000 }),
      quantity: fc.integer({ min: 1, max: 5 }),
      isTest: fc.boolean(),
      moves: ending,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(order, { maxLength: 6 }), async (placed) => {
        const before = await revenuePaise();
        let expected = 0;
        for (const o of placed) {
          let current = await insertPendingOrder(t.db, {
            userId: null,
            items: [{ productId, quantity: o.quantity, unitPricePaise: o.pricePaise }],
            order: { isTest: o.isTest, createdAt: clock.now() },
          });
          if (o.moves[0] === 'Processing') await insertCapturedPayment(t.db, current.id, current.totalPaise);
          for (const to of o.moves) {
            if (to === 'Shipped') await recordShipment(t.db, current.id);
            current = await moveOrder(t.db, current, to, admins, { at: clock.now() });
          }
          const kept = current.paidAt && !['Cancelled', 'Refunded', 'Returned'].includes(current.status);
          if (kept && !o.isTest) expected += o.pricePaise * o.quantity;
        }
        const after = await revenuePaise();
        expect(Number.isInteger(after)).toBe(true);
        expect(after - before).toBe(expected);
      }),
      { numRuns: 25 },
    );
  });
});
