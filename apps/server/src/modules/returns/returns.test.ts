import {
  apportion,
  type CancelItemsReply,
  type MyOrderDetail,
  type OrderAfterSale,
  type OrderPaymentReply,
  type ReturnRequest,
} from '@bazaar/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import {
  fillCart,
  insertCoupon,
  insertProduct,
  ORDER_BODY,
  type Shopper,
  shopper,
  stockOf,
} from '../../../test/fixtures/checkout';
import { recordShipment } from '../../../test/fixtures/orders';
import { payInSandbox } from '../../../test/fixtures/payments';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../db/schema/admin';
import { refunds } from '../../db/schema/after-sale';
import { messageOutbox } from '../../db/schema/messages';
import { orders } from '../../db/schema/orders';
import { returnRequestItems, returnRequests, returnStatusHistory } from '../../db/schema/returns';
import { users } from '../../db/schema/users';
import { SessionsService } from '../users/sessions.service';
import { RETURN_TRANSITIONS } from './return-lifecycle';
import { findReturnTransitionPairs } from './returns.repo';

const DAY = 86_400_000;

describe('returns of delivered items and cancellations of some items', () => {
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  let t: TestApp;
  let admin: Account;
  let asha: Shopper;
  let ravi: Shopper;
  let lamp: string;
  let mug: string;
  let coupon: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    coupon = await insertCoupon(t.db, { code: 'TENOFF', discount: 10 });
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    clock.advance(60_000);
    // Fresh sessions: a test moves the clock days on.
    admin = await signUp(t, `admin${Math.floor(Math.random() * 1e9)}@example.com`, { admin: true });
    asha = await shopper(t, `asha${Math.floor(Math.random() * 1e9)}@example.com`);
    ravi = await shopper(t, `ravi${Math.floor(Math.random() * 1e9)}@example.com`);
    lamp = await insertProduct(t.db, { name: 'Desk Lamp', pricePaise: 99_999, countInStock: 10 });
    mug = await insertProduct(t.db, { name: 'Mug', pricePaise: 33_333, countInStock: 10, discount: 5 });
  });

  /** Asha's order of 2 lamps and 3 mugs with a 10% coupon, paid in the sandbox. */
  const paidOrder = async (who: Shopper = asha) => {
    await fillCart(
      t.db,
      who.id,
      [
        { productId: lamp, quantity: 2 },
        { productId: mug, quantity: 3 },
      ],
      coupon,
    );
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: who.auth,
      payload: { ...ORDER_BODY, email: who.email },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<OrderPaymentReply>();
    const paid = await payInSandbox(t, order.razorpayOrderId);
    if (paid.status !== 'captured') throw new Error('not paid');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/orders/verify',
      headers: who.auth,
      payload: {
        orderId: order.orderId,
        paymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
        razorpayOrderId: paid.razorpay_order_id,
      },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return order.orderId;
  };
  const setStatus = (id: string, orderStatus: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/orders/status/${id}`,
      headers: admin.auth,
      payload: { orderStatus },
    });
  const deliveredOrder = async (who: Shopper = asha) => {
    const id = await paidOrder(who);
    await recordShipment(t.db, id);
    expect((await setStatus(id, 'Shipped')).statusCode).toBe(200);
    expect((await setStatus(id, 'Delivered')).statusCode).toBe(200);
    return id;
  };
  const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const lines = async (id: string) => {
    const detail = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: asha.auth });
    const rows = detail.json<MyOrderDetail>().lines;
    return {
      lampLine: rows.find((l) => l.name === 'Desk Lamp')!._id,
      mugLine: rows.find((l) => l.name === 'Mug')!._id,
    };
  };
  const askReturn = (
    id: string,
    items: { orderItemId: string; quantity: number; reason?: string }[],
    who = asha,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/returns`,
      headers: who.auth,
      payload: { items: items.map((i) => ({ reason: 'Does not fit', ...i })) },
    });
  const adminMove = (returnId: string, move: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/returns/${returnId}/${move}`,
      headers: admin.auth,
      ...(payload ? { payload } : {}),
    });
  const afterSale = async (id: string, who = asha) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/orders/${id}/after-sale`, headers: who.auth })
    ).json<OrderAfterSale>();
  const refundedPaise = async (id: string) =>
    (await t.db.select().from(refunds).where(eq(refunds.orderId, id)))
      .filter((r) => r.status !== 'failed')
      .reduce((sum, r) => sum + r.amountPaise, 0);
  /** The rule by hand: the total shared over the priced lines by largest remainder, then per unit. */
  const expectedShares = async (id: string) => {
    const order = await orderRow(id);
    const goods = order.pricing!.lines.filter((l) => l.kind === 'goods');
    const shares = apportion(
      order.totalPaise,
      goods.map((g) => g.totalPaise),
    );
    const byUnitPrice = new Map(
      goods.map((g, i) => [g.unitPricePaise, { share: shares[i]!, units: g.quantity }]),
    );
    return { total: order.totalPaise, lamp: byUnitPrice.get(99_999)!, mug: byUnitPrice.get(33_333)! };
  };

  it('holds the same return moves in the database as in the table', async () => {
    const pairs = (l: { from: string; to: string }[]) => l.map((p) => `${p.from}→${p.to}`).sort();
    const db = (await findReturnTransitionPairs(t.db)).map((m) => ({ from: m.fromStatus, to: m.toStatus }));
    expect(pairs(db)).toEqual(pairs([...RETURN_TRANSITIONS]));
  });

  it('requested → approved → received → refunded: stock back, the exact share refunded, audited and mailed', async () => {
    const id = await deliveredOrder();
    const { lampLine } = await lines(id);
    expect((await afterSale(id)).returns).toMatchObject({ open: true, windowDays: 3 });

    const asked = await askReturn(id, [{ orderItemId: lampLine, quantity: 1 }]);
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json<ReturnRequest>();
    expect(request).toMatchObject({
      status: 'requested',
      items: [{ name: 'Desk Lamp', quantity: 1 }],
      refund: null,
    });
    const mails = await t.db.select().from(messageOutbox).where(eq(messageOutbox.orderId, id));
    expect(mails.map((m) => m.purpose)).toContain('return_requested');

    // Not before it is received: the table says what may follow.
    const early = await adminMove(request._id, 'refund');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'A return that is requested can only become approved or rejected, not refunded.',
    );

    const approved = await adminMove(request._id, 'approve', {
      message: 'Hand it to the courier on Monday.',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<ReturnRequest>()).toMatchObject({
      status: 'approved',
      adminNote: 'Hand it to the courier on Monday.',
    });
    expect((await adminMove(request._id, 'approve', {})).statusCode).toBe(409);

    const stock = await stockOf(t.db, lamp);
    const received = await adminMove(request._id, 'receive');
    expect(received.statusCode, received.body).toBe(200);
    expect(await stockOf(t.db, lamp)).toBe(stock + 1);
    // Receiving twice never restocks twice.
    expect((await adminMove(request._id, 'receive')).statusCode).toBe(409);
    expect(await stockOf(t.db, lamp)).toBe(stock + 1);

    const refunded = await adminMove(request._id, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    const { lamp: share } = await expectedShares(id);
    const expected = Math.floor(share.share / 2);
    expect(refunded.json<ReturnRequest>()).toMatchObject({
      status: 'refunded',
      refund: expected / 100,
      refundStatus: 'processed',
      items: [{ refund: expected / 100 }],
    });
    expect(await refundedPaise(id)).toBe(expected);
    expect((await adminMove(request._id, 'refund')).statusCode).toBe(409);
    // One lamp back, the rest kept: the lifecycle's Partly returned (decision 221), from the receipt on.
    expect((await orderRow(id)).status).toBe('Partly returned');

    const history = await t.db
      .select()
      .from(returnStatusHistory)
      .where(eq(returnStatusHistory.returnRequestId, request._id));
    expect(history.map((h) => h.toStatus).sort()).toEqual(
      ['approved', 'received', 'refunded', 'requested'].sort(),
    );
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['order.return_approve', 'order.return_receive', 'order.return_refund']),
    );
    const purposes = (await t.db.select().from(messageOutbox).where(eq(messageOutbox.orderId, id))).map(
      (m) => m.purpose,
    );
    expect(purposes).toEqual(expect.arrayContaining(['return_approved', 'refund_issued']));

    const mine = await t.app.inject({ method: 'GET', url: '/api/returns', headers: asha.auth });
    expect(mine.json().returns).toEqual([expect.objectContaining({ _id: request._id, status: 'refunded' })]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/returns', headers: ravi.auth })).json().returns,
    ).toEqual([]);
  });

  it('returning everything, in steps, refunds exactly what was paid and ends the order Returned → Refunded', async () => {
    const id = await deliveredOrder();
    const { lampLine, mugLine } = await lines(id);
    /** One return asked, approved, received (the order then `received`) and refunded: its paise. */
    const full = async (items: { orderItemId: string; quantity: number }[], received: string) => {
      const asked = await askReturn(id, items);
      expect(asked.statusCode, asked.body).toBe(201);
      const rid = asked.json<ReturnRequest>()._id;
      expect((await adminMove(rid, 'approve', {})).statusCode).toBe(200);
      expect((await adminMove(rid, 'receive')).statusCode).toBe(200);
      expect((await orderRow(id)).status).toBe(received);
      const done = await adminMove(rid, 'refund');
      expect(done.statusCode, done.body).toBe(200);
      return Math.round(done.json<ReturnRequest>().refund! * 100);
    };
    const { total, lamp: l, mug: m } = await expectedShares(id);
    const first = await full([{ orderItemId: mugLine, quantity: 1 }], 'Partly returned');
    expect(first).toBe(Math.floor(m.share / 3));
    const second = await full(
      [
        { orderItemId: mugLine, quantity: 2 },
        { orderItemId: lampLine, quantity: 1 },
      ],
      'Partly returned',
    );
    expect(second).toBe(m.share - Math.floor(m.share / 3) + Math.floor(l.share / 2));
    // The last unit's receipt makes it Returned; its refund, the last, makes it Refunded.
    const last = await full([{ orderItemId: lampLine, quantity: 1 }], 'Returned');
    expect(first + second + last).toBe(total);
    expect(await refundedPaise(id)).toBe(total);
    expect((await orderRow(id)).status).toBe('Refunded');
    // Nothing left to return.
    expect((await afterSale(id)).returns.open).toBe(false);
  });

  it('refuses outside the window with a clear 409, and before delivery', async () => {
    const paid = await paidOrder();
    const { lampLine } = await lines(paid);
    const notYet = await askReturn(paid, [{ orderItemId: lampLine, quantity: 1 }]);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe('Only a delivered order can be returned.');

    const id = await deliveredOrder();
    const { lampLine: line } = await lines(id);
    clock.advance(3 * DAY + 60_000);
    // Days later: a fresh session.
    const [user] = await t.db.select().from(users).where(eq(users.id, asha.id));
    asha = {
      ...asha,
      auth: { authorization: `Bearer ${await new SessionsService(t.deps).start(user!, clock.now())}` },
    };
    const late = await askReturn(id, [{ orderItemId: line, quantity: 1 }]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(
      /^The return window for this order closed on .+: goods can be returned within 3 days of delivery\.$/,
    );
    expect((await afterSale(id)).returns).toMatchObject({ open: false });
  });

  it('never more units than bought less those already asked back; rejected ones come free again', async () => {
    const id = await deliveredOrder();
    const { lampLine, mugLine } = await lines(id);
    const tooMany = await askReturn(id, [{ orderItemId: lampLine, quantity: 3 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('You can return at most 2 of Desk Lamp.');
    // The same line twice counts together.
    const twice = await askReturn(id, [
      { orderItemId: lampLine, quantity: 1 },
      { orderItemId: lampLine, quantity: 2 },
    ]);
    expect(twice.statusCode).toBe(409);
    const first = await askReturn(id, [{ orderItemId: lampLine, quantity: 2 }]);
    expect(first.statusCode).toBe(201);
    const again = await askReturn(id, [{ orderItemId: lampLine, quantity: 1 }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Desk Lamp is already being returned.');
    const sale = await afterSale(id);
    expect(sale.returns.lines.find((l) => l.orderItemId === lampLine)).toMatchObject({
      bought: 2,
      available: 0,
    });
    expect(sale.returns.lines.find((l) => l.orderItemId === mugLine)).toMatchObject({
      bought: 3,
      available: 3,
    });

    const noReason = await adminMove(first.json<ReturnRequest>()._id, 'reject', { message: ' ' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await adminMove(first.json<ReturnRequest>()._id, 'reject', {
      message: 'The seal is broken.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<ReturnRequest>()).toMatchObject({
      status: 'rejected',
      adminNote: 'The seal is broken.',
    });
    expect((await adminMove(first.json<ReturnRequest>()._id, 'approve', {})).json().message).toBe(
      'This return is rejected, which is final.',
    );
    const [mail] = await t.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, id), eq(messageOutbox.purpose, 'return_rejected')));
    expect(mail?.body).toContain('The seal is broken.');
    expect((await askReturn(id, [{ orderItemId: lampLine, quantity: 2 }])).statusCode).toBe(201);

    // The database refuses more units too, whatever code writes them (the trigger of 0030).
    const [req] = await t.db.insert(returnRequests).values({ orderId: id, userId: asha.id }).returning();
    await expect(
      t.db
        .insert(returnRequestItems)
        .values({ returnRequestId: req!.id, orderItemId: mugLine, quantity: 4, reason: 'x' }),
    ).rejects.toThrow();
    await expect(
      t.db
        .update(returnRequests)
        .set({ status: 'refunded', refundPaise: 1 })
        .where(eq(returnRequests.id, req!.id)),
    ).rejects.toThrow();
  });

  it('only the order’s shopper may ask, for lines of that order; a stranger sees 404', async () => {
    const id = await deliveredOrder();
    const { lampLine } = await lines(id);
    expect((await askReturn(id, [{ orderItemId: lampLine, quantity: 1 }], ravi)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/orders/${id}/after-sale`, headers: ravi.auth }))
        .statusCode,
    ).toBe(404);
    const elsewhere = await askReturn(id, [
      { orderItemId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
    ]);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('One of the items is not part of this order.');
    const guest = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/returns`,
      payload: { items: [] },
    });
    expect(guest.statusCode).toBe(401);
    expect((await adminMove('00000000-0000-4000-8000-000000000000', 'receive')).statusCode).toBe(404);
  });

  describe('cancelling some items of a paid order before it ships', () => {
    const cancelItems = (
      id: string,
      items: { orderItemId: string; quantity: number }[],
      who: { auth: Record<string, string> } = asha,
      url = `/api/orders/${id}/cancel-items`,
    ) =>
      t.app.inject({ method: 'POST', url, headers: who.auth, payload: { items, reason: 'Changed my mind' } });

    it('gives the stock back and refunds the exact share; cancelling the rest cancels the order, all paid back', async () => {
      const id = await paidOrder();
      const { lampLine, mugLine } = await lines(id);
      const { total, mug: m } = await expectedShares(id);
      const before = await stockOf(t.db, mug);
      const one = await cancelItems(id, [{ orderItemId: mugLine, quantity: 2 }]);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json<CancelItemsReply>()).toEqual({
        refund: Math.floor((m.share * 2) / 3) / 100,
        orderStatus: 'Processing',
        message: '2 items cancelled.',
      });
      expect(await stockOf(t.db, mug)).toBe(before + 2);
      expect(await refundedPaise(id)).toBe(Math.floor((m.share * 2) / 3));
      const [mail] = await t.db
        .select()
        .from(messageOutbox)
        .where(and(eq(messageOutbox.orderId, id), eq(messageOutbox.purpose, 'order_cancelled')));
      expect(mail?.body).toContain('2 items of your order');

      const over = await cancelItems(id, [{ orderItemId: mugLine, quantity: 2 }]);
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe('At most 1 of Mug can be cancelled.');

      const lampStock = await stockOf(t.db, lamp);
      const rest = await cancelItems(id, [
        { orderItemId: mugLine, quantity: 1 },
        { orderItemId: lampLine, quantity: 2 },
      ]);
      expect(rest.statusCode, rest.body).toBe(200);
      expect(rest.json<CancelItemsReply>().orderStatus).toBe('Cancelled');
      expect(await refundedPaise(id)).toBe(total);
      // The order's own cancellation restocks nothing twice.
      expect(await stockOf(t.db, lamp)).toBe(lampStock + 2);
      expect(await stockOf(t.db, mug)).toBe(before + 3);
    });

    it('a whole-order cancellation after a partial one restocks and refunds only the rest', async () => {
      const id = await paidOrder();
      const { mugLine } = await lines(id);
      const { total } = await expectedShares(id);
      const stock = await stockOf(t.db, mug);
      expect((await cancelItems(id, [{ orderItemId: mugLine, quantity: 1 }])).statusCode).toBe(200);
      const whole = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/cancel`,
        headers: asha.auth,
        payload: { reason: 'Not needed' },
      });
      expect(whole.statusCode, whole.body).toBe(200);
      expect(await stockOf(t.db, mug)).toBe(stock + 3);
      expect(await refundedPaise(id)).toBe(total);
    });

    it('refuses once shipped, for someone else’s order, and audits an admin’s', async () => {
      const id = await paidOrder();
      const { lampLine } = await lines(id);
      expect((await cancelItems(id, [{ orderItemId: lampLine, quantity: 1 }], ravi)).statusCode).toBe(404);
      const byAdmin = await cancelItems(
        id,
        [{ orderItemId: lampLine, quantity: 1 }],
        admin,
        `/api/admin/orders/${id}/cancel-items`,
      );
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'order.cancel_items')));
      expect(audit?.summary).toContain('1 item cancelled (Changed my mind)');
      await recordShipment(t.db, id);
      expect((await setStatus(id, 'Shipped')).statusCode).toBe(200);
      const shipped = await cancelItems(id, [{ orderItemId: lampLine, quantity: 1 }]);
      expect(shipped.statusCode).toBe(409);
      expect(shipped.json().message).toBe(
        'This order is Shipped: items can only be cancelled before it ships.',
      );
    });
  });
});
