import type { MyOrderDetail, OrderPaymentReply, OrderRefunds } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import {
  fillCart,
  insertProduct,
  ORDER_BODY,
  type Shopper,
  shopper,
  stockOf,
} from '../../../test/fixtures/checkout';
import { appOnRazorpay, payAtRazorpay } from '../../../test/fixtures/razorpay';
import type { TestApp } from '../../../test/helpers';
import type { RazorpayServer } from '../../../test/razorpay-server';
import { messageOutbox } from '../../db/schema/messages';

const KEYS = {
  keyId: 'rzp_test_Shop0003',
  keySecret: 'key-secret-0003',
  webhookSecret: 'webhook-secret-0003',
};

describe('cancelling an order that has not shipped', () => {
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  let razorpay: RazorpayServer;
  let t: TestApp;
  let admin: Account;
  let asha: Shopper;
  let lamp: string;

  beforeAll(async () => {
    ({ t, razorpay } = await appOnRazorpay(KEYS, clock));
    admin = await signUp(t, 'admin@example.com', { admin: true });
  });
  afterAll(async () => {
    await t.close();
    await razorpay.close();
  });
  beforeEach(async () => {
    clock.advance(60_000);
    asha = await shopper(t, `asha${Math.floor(Math.random() * 1e9)}@example.com`);
    lamp = await insertProduct(t.db, { name: 'Desk Lamp', pricePaise: 100_000, countInStock: 5 });
  });

  const place = async (pay: boolean) => {
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 2 }]);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: asha.auth,
      payload: { ...ORDER_BODY, email: asha.email },
    });
    const order = placed.json<OrderPaymentReply>();
    if (pay) await payAtRazorpay(t, razorpay, asha, order);
    return order.orderId;
  };
  const cancel = (
    id: string,
    account: { auth: Record<string, string> } = asha,
    reason = 'Ordered by mistake',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/cancel`,
      headers: account.auth,
      payload: { reason },
    });

  it('refunds a paid order in full, puts the stock back and tells the shopper', async () => {
    const id = await place(true);
    expect(await stockOf(t.db, lamp)).toBe(3);
    const res = await cancel(id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<MyOrderDetail>();
    expect(body).toMatchObject({
      status: 'Cancelled',
      payment: { status: 'Refunded' },
      refunds: [{ amount: 2200, status: 'processed', reason: 'Order cancelled: Ordered by mistake' }],
    });
    expect(await stockOf(t.db, lamp)).toBe(5);
    expect(razorpay.refunds.filter((r) => r.amount === 220_000)).toHaveLength(1);
    const mails = await t.db.select().from(messageOutbox).where(eq(messageOutbox.orderId, id));
    expect(
      mails
        .filter((m) => m.channel === 'email')
        .map((m) => m.purpose)
        .sort(),
    ).toEqual(expect.arrayContaining(['order_cancelled', 'refund_issued']));
    // Twice: refused, and no second refund.
    expect((await cancel(id)).statusCode).toBe(409);
    expect(razorpay.refunds.filter((r) => r.amount === 220_000)).toHaveLength(1);
  });

  it('cancels an unpaid order with nothing to refund; never another shopper’s; never once shipped', async () => {
    const unpaid = await place(false);
    const other = await signUp(t, `ravi${Math.floor(Math.random() * 1e9)}@example.com`);
    expect((await cancel(unpaid, other)).statusCode).toBe(404);
    const res = await cancel(unpaid);
    expect(res.json<MyOrderDetail>()).toMatchObject({ status: 'Cancelled', refunds: [] });
    const paid = await place(true);
    const ship = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid}/ship`,
      headers: admin.auth,
      payload: { carrier: 'other', carrierName: 'X', trackingNumber: 'T1', expectedDelivery: '2025-06-09' },
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const late = await cancel(paid);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'This order is Shipped: only an order that has not shipped can be cancelled.',
    );
    expect((await cancel(paid, asha, '')).statusCode).toBe(400);
  });

  it('an admin cancelling a paid order refunds it too', async () => {
    const id = await place(true);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/status/${id}`,
      headers: admin.auth,
      payload: { orderStatus: 'Cancelled', note: 'out of stock at the warehouse' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const refunds = (
      await t.app.inject({ method: 'GET', url: `/api/admin/orders/${id}/refunds`, headers: admin.auth })
    ).json<OrderRefunds>();
    expect(refunds).toMatchObject({
      refunded: 2200,
      remaining: 0,
      refunds: [{ kind: 'cancellation', status: 'processed' }],
    });
  });
});
