import type {
  AdminOrder,
  AdminOrderList,
  AdminReturnsReply,
  CancelItemsReply,
  MyOrderDetail,
  MyOrdersReply,
  OrderAfterSale,
  OrderPaymentReply,
  ReturnRequest,
} from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import { fillCart, insertProduct, ORDER_BODY, type Shopper, shopper } from '../../../test/fixtures/checkout';
import { stockMismatches } from '../../../test/fixtures/inventory';
import { recordShipment } from '../../../test/fixtures/orders';
import { payInSandbox } from '../../../test/fixtures/payments';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { multipartBody } from '../../../test/multipart';
import { auditLog } from '../../db/schema/admin';
import { refunds } from '../../db/schema/after-sale';
import { returnRequests } from '../../db/schema/returns';

/** A partly returned order, the all-returns list, a return's photo, the admin's cancel of some items. */
describe('after the sale: partly returned, all returns, photos, admin cancels', () => {
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  let t: TestApp;
  let admin: Account;
  let asha: Shopper;
  let ravi: Shopper;
  let lamp: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    clock.advance(60_000);
    admin = await signUp(t, `admin${Math.floor(Math.random() * 1e9)}@example.com`, { admin: true });
    asha = await shopper(t, `asha${Math.floor(Math.random() * 1e9)}@example.com`);
    ravi = await shopper(t, `ravi${Math.floor(Math.random() * 1e9)}@example.com`);
    lamp = await insertProduct(t.db, { name: 'Desk Lamp', pricePaise: 99_900, countInStock: 10 });
  });

  const paidOrder = async (who: Shopper = asha, quantity = 3) => {
    await fillCart(t.db, who.id, [{ productId: lamp, quantity }]);
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
  const deliveredOrder = async (who: Shopper = asha, quantity = 3) => {
    const id = await paidOrder(who, quantity);
    await recordShipment(t.db, id);
    expect((await setStatus(id, 'Shipped')).statusCode).toBe(200);
    expect((await setStatus(id, 'Delivered')).statusCode).toBe(200);
    return id;
  };
  const lampLine = async (id: string, who = asha) =>
    (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: who.auth }))
      .json<MyOrderDetail>()
      .lines.find((l) => l.name === 'Desk Lamp')!._id;
  const askReturn = async (id: string, quantity: number, who = asha) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/returns`,
      headers: who.auth,
      payload: { items: [{ orderItemId: await lampLine(id, who), quantity, reason: 'Too dim' }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ReturnRequest>();
  };
  const afterSale = async (id: string, who = asha) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/orders/${id}/after-sale`, headers: who.auth })
    ).json<OrderAfterSale>();
  const adminMove = (returnId: string, move: string, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/returns/${returnId}/${move}`,
      headers: admin.auth,
      ...(move === 'approve' || move === 'reject' ? { payload } : {}),
    });
  const png = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer();
  const putPhoto = async (returnId: string, data: Buffer, who = asha, type = 'image/png') => {
    const body = await multipartBody({ photo: { data, filename: 'broken.png', type } });
    return t.app.inject({
      method: 'PUT',
      url: `/api/returns/${returnId}/photo`,
      headers: { ...who.auth, ...body.headers },
      payload: body.payload,
    });
  };

  it('makes a delivered order some of whose units came back Partly returned, for the shopper, the admin and their filters', async () => {
    const id = await deliveredOrder();
    const request = await askReturn(id, 1);
    // Asked, not yet received: still Delivered.
    const mine = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/orders/myorders', headers: asha.auth }))
        .json<MyOrdersReply>()
        .orders.find((o) => o._id === id)!;
    expect((await mine()).status).toBe('Delivered');
    expect((await adminMove(request._id, 'approve')).statusCode).toBe(200);
    expect((await adminMove(request._id, 'receive')).statusCode).toBe(200);

    expect((await mine()).status).toBe('Partly returned');
    const detail = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: asha.auth });
    expect(detail.json<MyOrderDetail>()).toMatchObject({ status: 'Partly returned' });
    expect(detail.json<MyOrderDetail>().timeline.map((s) => s.status)).toContain('Partly returned');
    const forAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/orders/order/${id}`,
      headers: admin.auth,
    });
    expect(forAdmin.json<AdminOrder>()).toMatchObject({
      status: 'Partly returned',
      nextStatuses: ['Returned'],
    });
    // The admin's status filter finds it under its own status now, no longer under Delivered.
    const filtered = async (status: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/orders/all?limit=100&status=${encodeURIComponent(status)}`,
          headers: admin.auth,
        })
      )
        .json<AdminOrderList>()
        .orders.map((o) => o._id);
    expect(await filtered('Partly returned')).toContain(id);
    expect(await filtered('Delivered')).not.toContain(id);
    // More returns are still possible within the window, and further partial receipts keep the status.
    expect((await afterSale(id)).returns.open).toBe(true);
    expect((await adminMove(request._id, 'refund')).statusCode).toBe(200);
    expect((await mine()).status).toBe('Partly returned');
    // The rest come back too: the lifecycle's Returned at the receipt, then Refunded.
    const rest = await askReturn(id, 2);
    for (const move of ['approve', 'receive']) {
      expect((await adminMove(rest._id, move)).statusCode).toBe(200);
    }
    expect((await mine()).status).toBe('Returned');
    expect((await adminMove(rest._id, 'refund')).statusCode).toBe(200);
    expect((await mine()).status).toBe('Refunded');
    expect(await stockMismatches(t.db)).toEqual([]);
  });

  it('lists every order’s return requests to the admin, a page at a time, by status, linked to their order', async () => {
    const first = await deliveredOrder(asha, 1);
    const second = await deliveredOrder(ravi, 2);
    const a = await askReturn(first, 1, asha);
    // Newest first: b a minute later (asked at the same instant, their order would be the ids').
    clock.advance(60_000);
    const b = await askReturn(second, 1, ravi);
    expect((await adminMove(b._id, 'reject', { message: 'Used' })).statusCode).toBe(200);
    const page = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/returns?${query}`,
        headers: admin.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<AdminReturnsReply>();
    };
    const all = await page('page=1');
    expect(all.page).toBe(1);
    expect(all.pages).toBe(Math.max(1, Math.ceil(all.total / 20)));
    expect(all.returns.slice(0, 2).map((r) => r._id)).toEqual([b._id, a._id]);
    expect(all.returns[0]).toMatchObject({
      orderId: second,
      customer: { email: ravi.email },
      status: 'rejected',
      hasPhoto: false,
    });
    const rejected = await page('status=rejected');
    expect(rejected.returns.every((r) => r.status === 'rejected')).toBe(true);
    expect(rejected.returns.map((r) => r._id)).toContain(b._id);
    expect(rejected.returns.map((r) => r._id)).not.toContain(a._id);
    // Past the last page: the last page.
    expect((await page('page=9999')).page).toBe(all.pages);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/returns?page=0', headers: admin.auth }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/returns', headers: asha.auth })).statusCode,
    ).toBe(403);
  });

  it('takes one photo with a return, checked and converted, shown to its shopper and the admin only', async () => {
    const id = await deliveredOrder(asha, 1);
    const request = await askReturn(id, 1);
    // Not a picture: refused by its bytes.
    const svg = await putPhoto(
      request._id,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      asha,
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toContain('The photo must be a JPEG, PNG, WebP, GIF or AVIF picture');
    // Someone else's return: not found.
    expect((await putPhoto(request._id, await png(), ravi)).statusCode).toBe(404);

    const res = await putPhoto(request._id, await png());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ReturnRequest>()).toMatchObject({ hasPhoto: true });
    // One photo only.
    expect((await putPhoto(request._id, await png())).statusCode).toBe(409);

    const [row] = await t.db.select().from(returnRequests).where(eq(returnRequests.id, request._id));
    expect(row!.photoKey).toMatch(/^returns\/[0-9a-f-]{36}\.webp$/);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/returns/${request._id}/photo`,
      headers: asha.auth,
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toContain('image/webp');
    expect((await sharp(own.rawPayload).metadata()).format).toBe('webp');
    const forAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/admin/returns/${request._id}/photo`,
      headers: admin.auth,
    });
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.rawPayload.equals(own.rawPayload)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/returns/${request._id}/photo`, headers: ravi.auth }))
        .statusCode,
    ).toBe(404);
    // Never public: the uploads route refuses the returns folder.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${row!.photoKey}` })).statusCode).not.toBe(
      200,
    );
    // Once the shop answered, no photo can be added.
    const other = await askReturn(await deliveredOrder(asha, 1), 1);
    expect((await adminMove(other._id, 'approve')).statusCode).toBe(200);
    expect((await putPhoto(other._id, await png())).statusCode).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/returns/${other._id}/photo`,
          headers: admin.auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lets the admin cancel some items of a paid order with a reason: refunded, restocked, audited', async () => {
    const id = await paidOrder(asha, 3);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/cancel-items`,
      headers: admin.auth,
      payload: {
        items: [{ orderItemId: await lampLine(id), quantity: 1 }],
        reason: 'Damaged in the warehouse',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<CancelItemsReply>();
    expect(reply).toMatchObject({ orderStatus: 'Processing', message: '1 item cancelled.' });
    expect(reply.refund).toBeGreaterThan(0);
    const made = await t.db.select().from(refunds).where(eq(refunds.orderId, id));
    expect(made).toMatchObject([{ kind: 'cancellation', amountPaise: Math.round(reply.refund * 100) }]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((a) => a.action)).toContain('order.cancel_items');
    expect(await stockMismatches(t.db)).toEqual([]);
  });
});
