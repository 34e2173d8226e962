import type { ReturnRequest } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import { insertProduct, stockOf } from '../../../test/fixtures/checkout';
import { insertPendingOrder, recordShipment } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { refunds } from '../../db/schema/after-sale';
import { orderItems } from '../../db/schema/orders';

// Requests that race: the order's row lock queues them, so units and money are given back once.
describe('returns and item cancellations at the same time', () => {
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  let t: TestApp;
  let admin: Account;
  let shopper: Account;
  let lamp: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    admin = await signUp(t, 'admin@example.com', { admin: true });
    shopper = await signUp(t, 'priya@example.com', { name: 'Priya Nair' });
    lamp = await insertProduct(t.db, { name: 'Desk Lamp', pricePaise: 50_000, countInStock: 100 });
  });
  afterAll(async () => t.close());

  const as = (account: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: account.auth, ...(payload ? { payload } : {}) });
  /** An order of 3 lamps paid by hand (its refunds are processed at once), shipped and delivered unless told. */
  const order = async (deliver: boolean) => {
    const placed = await insertPendingOrder(t.db, {
      userId: shopper.id,
      items: [{ productId: lamp, quantity: 3, unitPricePaise: 50_000, name: 'Desk Lamp' }],
      order: { email: 'priya@example.com', createdAt: clock.now() },
    });
    expect(
      (await as(admin, 'PUT', `/api/orders/mark-paid/${placed.id}`, { paymentStatus: 'Paid' })).statusCode,
    ).toBe(200);
    if (deliver) {
      await recordShipment(t.db, placed.id);
      for (const orderStatus of ['Shipped', 'Delivered']) {
        expect((await as(admin, 'PUT', `/api/orders/status/${placed.id}`, { orderStatus })).statusCode).toBe(
          200,
        );
      }
    }
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    return { id: placed.id, item: item!.id, total: placed.totalPaise };
  };
  const refunded = async (orderId: string) =>
    (await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).reduce(
      (s, r) => s + r.amountPaise,
      0,
    );

  it('two requests for the last units: one is taken, the other refused', async () => {
    const { id, item } = await order(true);
    const ask = () =>
      as(shopper, 'POST', `/api/orders/${id}/returns`, {
        items: [{ orderItemId: item, quantity: 2, reason: 'Too dim' }],
      });
    const codes = (await Promise.all([ask(), ask()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
  });

  it('a return refunded twice at once pays once; received twice restocks once', async () => {
    const { id, item } = await order(true);
    const asked = await as(shopper, 'POST', `/api/orders/${id}/returns`, {
      items: [{ orderItemId: item, quantity: 3, reason: 'Wrong colour' }],
    });
    const rid = asked.json<ReturnRequest>()._id;
    expect((await as(admin, 'POST', `/api/admin/returns/${rid}/approve`, {})).statusCode).toBe(200);
    const stock = await stockOf(t.db, lamp);
    const receive = () => as(admin, 'POST', `/api/admin/returns/${rid}/receive`);
    expect((await Promise.all([receive(), receive()])).map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t.db, lamp)).toBe(stock + 3);
    const refund = () => as(admin, 'POST', `/api/admin/returns/${rid}/refund`);
    expect((await Promise.all([refund(), refund()])).map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await refunded(id)).toBe(150_000);
  });

  it('two cancellations of the same units at once: one cancels and refunds them, the other is refused', async () => {
    const { id, item } = await order(false);
    const stock = await stockOf(t.db, lamp);
    const cancel = () =>
      as(shopper, 'POST', `/api/orders/${id}/cancel-items`, {
        items: [{ orderItemId: item, quantity: 2 }],
        reason: 'Too many',
      });
    expect((await Promise.all([cancel(), cancel()])).map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t.db, lamp)).toBe(stock + 2);
    expect(await refunded(id)).toBe(100_000);
  });
});
