import type { AdminOrder, AdminOrderList, AdminOrderWriteReply, OrderStatus } from '@bazaar/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import {
  insertCapturedPayment,
  insertPendingOrder,
  type OrderRow,
  recordShipment,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../db/schema/admin';
import { products } from '../../db/schema/catalogue';
import { orders, payments } from '../../db/schema/orders';
import { couponRedemptions, coupons } from '../../db/schema/shopping';
import { moveOrder } from './order-lifecycle';
import { findOrderById } from './orders.repo';

const HOUR = 3_600_000;

describe('orders admin', () => {
  // 10:00 UTC is 15:30 in India.
  const clock = new ManualClock('2025-06-10T10:00:00.000Z');
  let t: TestApp;
  let admin: Account;
  let shopper: Account;
  let lampId: string;
  let mugId: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    admin = await signUp(t, 'admin@example.com', { admin: true, name: 'Anita Admin' });
    shopper = await signUp(t, 'priya@example.com', { name: 'Priya Nair' });
    const [lamp, mug] = await t.db
      .insert(products)
      .values([
        { name: 'Desk Lamp', pricePaise: 50_000, countInStock: 1000, category: 'Home' },
        { name: 'Clay Mug', pricePaise: 20_000, countInStock: 1000, category: 'Kitchen' },
      ])
      .returning();
    lampId = lamp!.id;
    mugId = mug!.id;
  });
  afterAll(async () => t.close());
  beforeEach(() => clock.advance(60_000));

  const as = (account: Account) => account.auth;
  const place = (
    items: { productId: string; quantity: number; unitPricePaise?: number; name?: string }[] = [
      { productId: lampId, quantity: 2 },
    ],
    order: Parameters<typeof insertPendingOrder>[1]['order'] = {},
  ) =>
    insertPendingOrder(t.db, {
      userId: shopper.id,
      items: items.map((i) => ({ unitPricePaise: 50_000, name: 'Desk Lamp', ...i })),
      order: { createdAt: clock.now(), ...order },
    });
  const stock = async (id = lampId) =>
    (await t.db.select({ n: products.countInStock }).from(products).where(eq(products.id, id)))[0]!.n;
  const get = (id: string) =>
    t.app.inject({ method: 'GET', url: `/api/orders/order/${id}`, headers: as(admin) });
  const markPaid = (id: string, paymentStatus: 'Paid' | 'Unpaid', account = admin) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/orders/mark-paid/${id}`,
      headers: as(account),
      payload: { paymentStatus },
    });
  const setStatus = async (id: string, orderStatus: string, note?: string) => {
    if (orderStatus === 'Shipped') await recordShipment(t.db, id);
    return t.app.inject({
      method: 'PUT',
      url: `/api/orders/status/${id}`,
      headers: as(admin),
      payload: { orderStatus, ...(note ? { note } : {}) },
    });
  };
  const list = (query = '') =>
    t.app.inject({ method: 'GET', url: `/api/orders/all${query}`, headers: as(admin) });
  const paidOrder = async () => {
    const order = await place();
    expect((await markPaid(order.id, 'Paid')).statusCode).toBe(200);
    return order;
  };
  const moveTo = async (order: OrderRow, ...statuses: OrderStatus[]) => {
    for (const status of statuses) expect((await setStatus(order.id, status)).statusCode).toBe(200);
  };

  it('marks an order paid by recording the payment by hand, through the lifecycle, with who and when', async () => {
    const order = await place();
    const res = await markPaid(order.id, 'Paid');
    expect(res.statusCode).toBe(200);
    const body = res.json<AdminOrderWriteReply>();
    expect(body.message).toBe('Payment Status Updated Successfully');
    expect(body.order).toMatchObject({
      status: 'Processing',
      isPaid: true,
      paidAt: clock.now().toISOString(),
      nextStatuses: ['Pending', 'Shipped', 'Cancelled'],
    });
    expect(body.order.payment.payments).toEqual([
      expect.objectContaining({ provider: 'manual', status: 'captured', amount: 1000 }),
    ]);
    expect(body.order.statusHistory).toEqual([
      {
        from: 'Pending',
        to: 'Processing',
        actor: 'admin',
        by: { _id: admin.id, name: 'Anita Admin', email: 'admin@example.com' },
        note: 'Marked as paid',
        at: clock.now().toISOString(),
      },
    ]);
    const again = await markPaid(order.id, 'Paid');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already paid.');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.payment')));
    expect(entry).toMatchObject({
      actorId: admin.id,
      summary: `Order #${order.id.slice(0, 8)} (₹1,000): Unpaid → Paid`,
      before: { status: 'Pending', isPaid: false },
      after: { status: 'Processing', isPaid: true },
    });
  });

  it('marks a hand-paid order unpaid: paidAt cleared, the payment voided, its coupon use held again, not redeemed', async () => {
    const order = await paidOrder();
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: 'UNPAY10', discount: 10, usageLimit: 5, usedCount: 1 })
      .returning();
    await t.db
      .insert(couponRedemptions)
      .values({ couponId: coupon!.id, userId: shopper.id, orderId: order.id });
    await t.db.update(orders).set({ couponId: coupon!.id }).where(eq(orders.id, order.id));

    const res = await markPaid(order.id, 'Unpaid');
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminOrderWriteReply>().order).toMatchObject({
      status: 'Pending',
      isPaid: false,
      paidAt: null,
      payment: { payments: [expect.objectContaining({ provider: 'manual', status: 'voided' })] },
    });
    expect((await findOrderById(t.db, order.id))!).toMatchObject({ paidAt: null, expiresAt: null });
    const [after] = await t.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    // Like any unpaid order it keeps its use held (cancelling it gives the use back), but it has not redeemed it.
    expect(after!.usedCount).toBe(1);
    expect(
      await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order.id)),
    ).toEqual([]);
    expect((await markPaid(order.id, 'Unpaid')).json().message).toBe('This order is not paid.');
    // Paid again later: a new record, the voided one kept.
    expect((await markPaid(order.id, 'Paid')).statusCode).toBe(200);
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((p) => p.status).sort()).toEqual(['captured', 'voided']);
  });

  it('refuses to mark unpaid an order paid online, or one already shipped, saying why', async () => {
    const online = await place();
    await insertCapturedPayment(t.db, online.id, online.totalPaise);
    await moveOrder(t.db, online, 'Processing', { kind: 'system' }, { at: clock.now() });
    const refused = await markPaid(online.id, 'Unpaid');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This order was paid online (sandbox), so it cannot be marked unpaid: cancel it and refund the payment instead.',
    );
    expect((await findOrderById(t.db, online.id))!.status).toBe('Processing');

    const shipped = await paidOrder();
    await moveTo(shipped, 'Shipped');
    expect((await markPaid(shipped.id, 'Unpaid')).json().message).toBe(
      'This order is Shipped: only a paid order that has not shipped can be marked unpaid.',
    );
    const cancelled = await place();
    await moveTo(cancelled, 'Cancelled');
    expect((await markPaid(cancelled.id, 'Paid')).json().message).toBe(
      'This order is Cancelled: only an order awaiting payment can be marked as paid.',
    );
  });

  it('moves an order through its statuses, keeping who and when, and refuses a forbidden move with its reason', async () => {
    const order = await paidOrder();
    clock.advance(HOUR);
    const shipped = await setStatus(order.id, 'Shipped', 'AWB 1234');
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json<AdminOrderWriteReply>()).toMatchObject({
      message: 'Order Status Updated Successfully',
      order: { status: 'Shipped', nextStatuses: ['Delivered', 'Returned', 'Returned to origin'] },
    });
    clock.advance(2 * HOUR);
    const deliveredAt = clock.now().toISOString();
    await moveTo(order, 'Delivered');

    const refused = await setStatus(order.id, 'Pending');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'An order that is Delivered can only become Completed, Partly returned or Returned, not Pending.',
    );
    const detail = (await get(order.id)).json<AdminOrder>();
    expect(detail).toMatchObject({ status: 'Delivered', isDelivered: true, deliveredAt });
    expect(detail.statusHistory.map((h) => [h.from, h.to, h.by?.email, h.note])).toEqual([
      ['Pending', 'Processing', 'admin@example.com', 'Marked as paid'],
      ['Processing', 'Shipped', 'admin@example.com', 'AWB 1234'],
      ['Shipped', 'Delivered', 'admin@example.com', null],
    ]);
    const audit = await t.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.status')));
    expect(audit.map((a) => a.summary)).toEqual([
      `Order #${order.id.slice(0, 8)}: Processing → Shipped`,
      `Order #${order.id.slice(0, 8)}: Shipped → Delivered`,
    ]);
  });

  it('refuses Processing without a payment, and unknown statuses and fields', async () => {
    const order = await place();
    const unpaid = await setStatus(order.id, 'Processing');
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe(
      'This order has no captured payment for its total yet, so it cannot be marked as paid.',
    );
    expect((await setStatus(order.id, 'Lost')).statusCode).toBe(400);
    const extra = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/status/${order.id}`,
      headers: as(admin),
      payload: { orderStatus: 'Cancelled', isPaid: true },
    });
    expect(extra.statusCode).toBe(400);
    expect((await markPaid(order.id, 'Maybe' as 'Paid')).statusCode).toBe(400);
    expect((await setStatus('not-an-id', 'Cancelled')).statusCode).toBe(404);
    expect((await get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('puts stock back once when an order is cancelled or returned', async () => {
    const before = await stock();
    const cancelled = await place([{ productId: lampId, quantity: 3 }]);
    expect(await stock()).toBe(before - 3);
    await moveTo(cancelled, 'Cancelled');
    expect(await stock()).toBe(before);
    expect((await setStatus(cancelled.id, 'Cancelled')).json().message).toBe(
      'This order is already Cancelled.',
    );
    expect((await setStatus(cancelled.id, 'Refunded')).json().message).toBe(
      'This order was never paid, so there is nothing to refund.',
    );
    expect(await stock()).toBe(before);

    const returned = await place([{ productId: lampId, quantity: 2 }]);
    expect((await markPaid(returned.id, 'Paid')).statusCode).toBe(200);
    await moveTo(returned, 'Shipped', 'Delivered', 'Returned');
    expect(await stock()).toBe(before);
    await moveTo(returned, 'Refunded');
    expect(await stock()).toBe(before);
  });

  it('deletes only a cancelled order that never took money, replying with its id', async () => {
    const del = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/Orders/delete/${id}`, headers: as(admin) });
    const pending = await place();
    const refused = await del(pending.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Only a cancelled order can be deleted. This one is Pending: cancel it first.',
    );

    const paid = await paidOrder();
    await moveTo(paid, 'Cancelled');
    expect((await del(paid.id)).json().message).toBe(
      "This order was paid, so it stays in the shop's records. Cancel or refund it instead.",
    );

    await moveTo(pending, 'Cancelled');
    const deleted = await del(pending.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Order deleted successfully', _id: pending.id });
    expect((await get(pending.id)).statusCode).toBe(404);
    expect((await del(pending.id)).statusCode).toBe(404);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, pending.id), eq(auditLog.action, 'order.delete')));
    expect(entry?.before).toMatchObject({ status: 'Cancelled', email: 'asha@example.com', total: 1000 });
    // The lower-case path is not the spec's.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/orders/delete/${paid.id}`, headers: as(admin) }))
        .statusCode,
    ).toBe(404);
  });

  it('lets one of two admins marking the same order paid at once win; the other is told, and one payment is recorded', async () => {
    const second = await signUp(t, 'second-admin@example.com', { admin: true });
    const order = await place();
    const replies = await Promise.all([markPaid(order.id, 'Paid'), markPaid(order.id, 'Paid', second)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows).toHaveLength(1);
  });

  describe('the list', () => {
    let fresh: TestApp;
    let a: Account;
    const ids: Record<string, string> = {};
    const listFresh = (query = '') =>
      fresh.app.inject({ method: 'GET', url: `/api/orders/all${query}`, headers: a.auth });

    beforeAll(async () => {
      // 20:00 UTC on 10 June is 01:30 on 11 June in India.
      const listClock = new ManualClock('2025-06-10T20:00:00.000Z');
      fresh = await createTestApp({}, { clock: listClock });
      a = await signUp(fresh, 'lead@example.com', { admin: true });
      const buyer = await signUp(fresh, 'kavya@example.com', { name: 'Kavya Iyer' });
      const [product] = await fresh.db
        .insert(products)
        .values({ name: 'Brass Diya', pricePaise: 30_000, countInStock: 50, category: 'Home' })
        .returning();
      const at = (iso: string) => new Date(iso);
      const placeAt = async (key: string, createdAt: string, extra: Record<string, unknown> = {}) => {
        const order = await insertPendingOrder(fresh.db, {
          userId: buyer.id,
          items: [{ productId: product!.id, quantity: 1, unitPricePaise: 30_000, name: `Brass Diya ${key}` }],
          order: { createdAt: at(createdAt), ...extra },
        });
        ids[key] = order.id;
        return order;
      };
      const move = (order: OrderRow, ...to: OrderStatus[]) =>
        to.reduce(
          (p, status) =>
            p.then(async (o) => {
              if (status === 'Shipped') await recordShipment(fresh.db, o.id);
              return moveOrder(fresh.db, o, status, { kind: 'admin', userId: a.id }, { at: listClock.now() });
            }),
          Promise.resolve(order),
        );
      // Placed before and after midnight in India (18:30 UTC).
      await placeAt('oldPending', '2025-06-09T10:00:00Z');
      const yesterday = await placeAt('yesterday', '2025-06-10T18:00:00Z', {
        shippingAddress: { street: '4 Park Street', city: 'Kolkata', country: 'India', pinCode: '700016' },
      });
      const today = await placeAt('today', '2025-06-10T19:00:00Z', { paymentMethod: 'upi' });
      await insertCapturedPayment(fresh.db, yesterday.id, yesterday.totalPaise, { email: 'payer@okbank' });
      await move(yesterday, 'Processing', 'Shipped');
      await insertCapturedPayment(fresh.db, today.id, today.totalPaise);
      await move(today, 'Processing');
      const cancelled = await placeAt('cancelled', '2025-06-10T19:30:00Z');
      await move(cancelled, 'Cancelled');
      await placeAt('newPending', '2025-06-10T19:45:00Z');
    });
    afterAll(async () => fresh?.close());

    it('sorts by status rank (Pending, Processing, Shipped … Cancelled) then newest, with the shop-wide counts', async () => {
      const res = await listFresh();
      expect(res.statusCode).toBe(200);
      const body = res.json<AdminOrderList>();
      expect(body.orders.map((o) => o._id)).toEqual([
        ids.newPending,
        ids.oldPending,
        ids.today,
        ids.yesterday,
        ids.cancelled,
      ]);
      expect(body.counts).toEqual({ total: 5, pending: 2, today: 3 });
      expect(body.orders[0]).toMatchObject({
        user: { name: 'Kavya Iyer', email: 'kavya@example.com', profileImage: null },
        totalPrice: 300,
        itemCount: 1,
        isPaid: false,
        nextStatuses: ['Processing', 'Cancelled'],
      });
      const paged = (await listFresh('?limit=2&page=2')).json<AdminOrderList>();
      expect(paged).toMatchObject({ total: 5, page: 2, pages: 3 });
      expect(paged.orders.map((o) => o._id)).toEqual([ids.today, ids.yesterday]);
    });

    it('searches the fields the spec lists and filters by status', async () => {
      const found = async (query: string) =>
        (await listFresh(query)).json<AdminOrderList>().orders.map((o) => o._id);
      expect(await found('?search=kolkata')).toEqual([ids.yesterday]);
      expect(await found('?search=700016')).toEqual([ids.yesterday]);
      expect(await found('?search=PAYER@OKBANK')).toEqual([ids.yesterday]);
      expect(await found('?search=upi')).toEqual([ids.today]);
      expect(await found('?search=diya%20newPending')).toEqual([ids.newPending]);
      expect(await found(`?search=${ids.cancelled!.slice(0, 13)}`)).toEqual([ids.cancelled]);
      expect((await found('?search=kavya')).length).toBe(5);
      expect(await found('?search=100%25')).toEqual([]);
      expect(await found('?status=Pending')).toEqual([ids.newPending, ids.oldPending]);
      expect(await found('?status=Shipped&search=kolkata')).toEqual([ids.yesterday]);
      expect((await listFresh(`?search=${'x'.repeat(51)}`)).statusCode).toBe(400);
      expect((await listFresh('?status=Lost')).statusCode).toBe(400);
    });

    it('exports the filtered orders as CSV, recorded in the audit log', async () => {
      const res = await fresh.app.inject({
        method: 'GET',
        url: '/api/admin/orders.csv?status=Shipped',
        headers: a.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-2025-06-10\.csv"$/);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^"order_id","placed_on","status","customer","email"/);
      expect(lines[1]).toContain(`"${ids.yesterday}","2025-06-10","Shipped"`);
      expect(lines[1]).toContain('"Brass Diya yesterday × 1"');
      expect(lines[1]).toContain('"300.00"');
      expect(lines[1]).toContain('"payer@okbank"');
      const [entry] = await fresh.db.select().from(auditLog).where(eq(auditLog.action, 'order.export'));
      expect(entry?.summary).toBe('Exported 1 order as CSV (Shipped)');
    });
  });

  it('keeps a shopper out of every order route', async () => {
    const order = await place();
    for (const [method, url] of [
      ['GET', '/api/orders/all'],
      ['GET', `/api/orders/order/${order.id}`],
      ['PUT', `/api/orders/status/${order.id}`],
      ['DELETE', `/api/Orders/delete/${order.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: as(shopper), payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await list()).statusCode).toBe(200);
    expect(await stock(mugId)).toBe(1000);
  });
});
