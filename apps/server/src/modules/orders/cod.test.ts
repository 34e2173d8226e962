import type { CheckoutSummary, CodConfirmReply, CodOrderReply, MyOrderDetail } from '@bazaar/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import { fillCart, insertCoupon, insertProduct, ORDER_BODY, stockOf } from '../../../test/fixtures/checkout';
import { defaultZoneBody, deliveryCalls } from '../../../test/fixtures/delivery';
import { recordShipment } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../db/schema/admin';
import { messageOutbox } from '../../db/schema/messages';
import { orders, payments } from '../../db/schema/orders';
import { cartItems, carts, coupons } from '../../db/schema/shopping';
import { outboxEmails } from '../../db/schema/users';
import { orderNumber } from './order-number';

const COD_BODY = { ...ORDER_BODY, paymentMethod: 'cod' };

describe('cash on delivery', () => {
  const clock = new ManualClock('2026-03-02T06:00:00.000Z');
  let t: TestApp;
  let admin: Account;
  let shopper: Account;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    admin = await signUp(t, 'admin@example.com', { admin: true });
    shopper = await signUp(t, 'asha@example.com', { name: 'Asha Rao' });
    productId = await insertProduct(t.db, { name: 'Brass Lamp', pricePaise: 50_000, countInStock: 20 });
  });
  afterAll(async () => t.close());

  const delivery = () => deliveryCalls(() => t.app, admin.auth);
  const codTerms = (over: Record<string, unknown> = {}) =>
    delivery().defaultZone(defaultZoneBody({ cod: true, codFee: 40, codMin: 100, codMax: 5000, ...over }));
  const place = (account: Account = shopper, body: Record<string, unknown> = COD_BODY) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers: account.auth, payload: body });
  const placeCod = async (quantity = 1, account: Account = shopper) => {
    await fillCart(t.db, account.id, [{ productId, quantity }]);
    const res = await place(account);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CodOrderReply>();
  };
  const row = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const detail = async (id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: shopper.auth })
    ).json<MyOrderDetail>();
  const setStatus = (id: string, status: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/orders/status/${id}`,
      headers: admin.auth,
      payload: { orderStatus: status },
    });
  const cashCollected = (id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/cash-collected`,
      headers: admin.auth,
      payload: {},
    });
  /** The confirmation link as the shopper's mail carries it (the outbox of a shop without SMTP). */
  const confirmLink = async (orderId: string) => {
    const [queued] = await t.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, orderId), eq(messageOutbox.purpose, 'cod_confirmation')));
    expect(queued).toBeDefined();
    // Sent once the order commits (an attempt may already be on its way): wait for it to land.
    let mail: typeof outboxEmails.$inferSelect | undefined;
    for (let i = 0; i < 100 && !mail; i++) {
      await t.services.notify.runDue();
      const mails = await t.db.select().from(outboxEmails);
      mail = mails.find((m) => m.text.includes(orderNumber(orderId)) && m.text.includes('confirm-cod'));
      if (!mail) await new Promise((r) => setTimeout(r, 50));
    }
    const url = mail?.text.match(/https?:\/\/\S+confirm-cod\?token=\S+/)?.[0];
    expect(url).toBeDefined();
    return decodeURIComponent(new URL(url!).searchParams.get('token')!);
  };
  const shipped = async (id: string) => {
    expect((await setStatus(id, 'Processing')).statusCode).toBe(200);
    await recordShipment(t.db, id);
    expect((await setStatus(id, 'Shipped')).statusCode).toBe(200);
  };

  it('is refused, with the reason, where the zone does not offer it; the server decides the fee', async () => {
    await fillCart(t.db, shopper.id, [{ productId, quantity: 1 }]);
    const refused = await place();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Cash on delivery is not available for this pincode. Please pay online.',
    );
    expect(await stockOf(t.db, productId)).toBe(20);
    expect((await codTerms()).statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'delivery.update_default_zone'));
    expect(entry?.after).toMatchObject({ cod: true, codFee: 40, codMin: 100, codMax: 5000 });
    // Above the zone's maximum (11 × ₹500): refused, naming the limit.
    await fillCart(t.db, shopper.id, [{ productId, quantity: 11 }]);
    const tooMuch = await place();
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toContain('up to ₹5,000');
  });

  it('places an order Awaiting confirmation: fee in the delivery charge, stock held, cart emptied, link mailed', async () => {
    await fillCart(t.db, shopper.id, [{ productId, quantity: 2 }]);
    const summary = (
      await t.app.inject({ method: 'GET', url: '/api/orders/checkout', headers: shopper.auth })
    ).json<CheckoutSummary>();
    expect(summary.cod).toEqual({
      available: false,
      fee: null,
      reason: 'Choose a delivery address to see whether cash on delivery is available.',
    });
    const placed = await placeCod(2);
    expect(placed).toMatchObject({ paymentMethod: 'cod', status: 'Awaiting confirmation', codFee: 40 });
    expect(placed.total).toBe(summary.total + 40);
    const order = await row(placed.orderId);
    expect(order).toMatchObject({
      status: 'Awaiting confirmation',
      paymentMethod: 'cod',
      codFeePaise: 4000,
      isTest: false,
    });
    expect(order.shippingPaise).toBe(Math.round(summary.shipping * 100) + 4000);
    expect(order.expiresAt!.getTime() - clock.now().getTime()).toBe(24 * 3600_000);
    expect(await stockOf(t.db, productId)).toBe(18);
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, shopper.id));
    expect(await t.db.select().from(cartItems).where(eq(cartItems.cartId, cart!.id))).toEqual([]);
    const token = await confirmLink(placed.orderId);
    // The page shows the order; nothing changes until the shopper presses Confirm.
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/orders/cod/confirm?token=${encodeURIComponent(token)}`,
    });
    expect(preview.json<CodConfirmReply>()).toMatchObject({
      awaiting: true,
      status: 'Awaiting confirmation',
    });
    expect((await detail(placed.orderId)).cod).toMatchObject({
      fee: 40,
      canConfirm: true,
      canPayOnline: true,
    });
  });

  it('is confirmed by the signed link (no sign-in), once; a forged link is refused', async () => {
    const placed = await placeCod();
    const token = await confirmLink(placed.orderId);
    const forged = `${placed.orderId}.${'A'.repeat(43)}`;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/orders/cod/confirm',
      payload: { token: forged },
    });
    expect(bad.statusCode).toBe(404);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/orders/cod/confirm', payload: { token } });
      expect(res.statusCode).toBe(200);
      expect(res.json<CodConfirmReply>()).toMatchObject({ status: 'Processing', awaiting: false });
    }
    const history = await t.services.orders.detailOwn(shopper.id, placed.orderId);
    expect(history.timeline.map((s) => s.status).sort()).toEqual(['Awaiting confirmation', 'Processing']);
    expect(history.payment.status).toBe('Pay on delivery');
    expect((await row(placed.orderId)).paidAt).toBeNull();
    // Confirmed, it is shipped; Delivered needs its cash first; then counted in revenue once.
    await recordShipment(t.db, placed.orderId);
    expect((await setStatus(placed.orderId, 'Shipped')).statusCode).toBe(200);
    const early = await setStatus(placed.orderId, 'Delivered');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('Record the cash collected first');
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.auth })
    ).json();
    const collected = await cashCollected(placed.orderId);
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json().order).toMatchObject({ status: 'Delivered' });
    expect((await cashCollected(placed.orderId)).statusCode).toBe(409);
    const order = await row(placed.orderId);
    expect(order).toMatchObject({ status: 'Delivered', paidWith: 'cod' });
    expect(order.paidAt).not.toBeNull();
    const cash = await t.db.select().from(payments).where(eq(payments.orderId, placed.orderId));
    expect(cash).toEqual([
      expect.objectContaining({
        provider: 'cod',
        method: 'cod',
        status: 'captured',
        amountPaise: order.totalPaise,
      }),
    ]);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.auth })
    ).json();
    expect(after.revenue - before.revenue).toBeCloseTo(order.totalPaise / 100, 2);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'order.cash_collected'));
    expect(audit).toMatchObject({ actorId: admin.id, entityId: placed.orderId });
    expect((await detail(placed.orderId)).cod).toMatchObject({ cashCollected: true, canConfirm: false });
  });

  it('takes at most two open COD orders per shopper, with a clear message', async () => {
    const other = await signUp(t, 'ravi@example.com', { name: 'Ravi' });
    await placeCod(1, other);
    await placeCod(1, other);
    await fillCart(t.db, other.id, [{ productId, quantity: 1 }]);
    const third = await place(other);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(
      'You already have 2 cash-on-delivery orders on their way. Please pay online, or wait until one is delivered.',
    );
  });

  it('marks a refused parcel Returned to origin: stock back, no money; Returned is for paid parcels', async () => {
    const buyer = await signUp(t, 'kabir@example.com', { name: 'Kabir' });
    const placed = await placeCod(3, buyer);
    await shipped(placed.orderId);
    const returned = await setStatus(placed.orderId, 'Returned');
    expect(returned.statusCode).toBe(409);
    expect(returned.json().message).toContain('Returned to origin instead');
    const stock = await stockOf(t.db, productId);
    const rto = await setStatus(placed.orderId, 'Returned to origin');
    expect(rto.statusCode, rto.body).toBe(200);
    expect(await stockOf(t.db, productId)).toBe(stock + 3);
    const order = await row(placed.orderId);
    expect(order).toMatchObject({ status: 'Returned to origin', paidAt: null });
    expect(await t.db.select().from(payments).where(eq(payments.orderId, placed.orderId))).toEqual([]);
    expect((await setStatus(placed.orderId, 'Refunded')).statusCode).toBe(409);
    // A cancelled or returned COD order no longer counts against the shopper's open ones.
    await placeCod(1, buyer);
    await placeCod(1, buyer);
  });

  it('refuses a COD order the moves meant for paid ones: mark unpaid, Returned to origin before shipping', async () => {
    const buyer = await signUp(t, 'nila@example.com', { name: 'Nila' });
    const placed = await placeCod(1, buyer);
    expect((await setStatus(placed.orderId, 'Returned to origin')).statusCode).toBe(409);
    expect((await setStatus(placed.orderId, 'Processing')).statusCode).toBe(200);
    const unpaid = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/mark-paid/${placed.orderId}`,
      headers: admin.auth,
      payload: { paymentStatus: 'Unpaid' },
    });
    expect(unpaid.statusCode).toBe(409);
  });
  it('is cancelled by the shopper or, unconfirmed at its deadline, by the shop: stock and coupon back', async () => {
    const cancelling = await signUp(t, 'meera@example.com', { name: 'Meera' });
    const couponId = await insertCoupon(t.db, { code: 'COD10', discount: 10, usageLimit: 5 });
    await fillCart(t.db, cancelling.id, [{ productId, quantity: 1 }], couponId);
    const first = await place(cancelling);
    expect(first.statusCode, first.body).toBe(201);
    const byShopper = first.json<CodOrderReply>().orderId;
    const [used] = await t.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(used!.usedCount).toBe(1);
    const stock = await stockOf(t.db, productId);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${byShopper}/cancel`,
      headers: cancelling.auth,
      payload: { reason: 'ordered by mistake' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(t.db, productId)).toBe(stock + 1);
    const [back] = await t.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(back!.usedCount).toBe(0);
    const late = (await placeCod(1, cancelling)).orderId;
    const confirmed = (await placeCod(1, cancelling)).orderId;
    const c = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${confirmed}/confirm-cod`,
      headers: cancelling.auth,
    });
    expect(c.statusCode).toBe(200);
    clock.advance(23 * 3600_000);
    expect(await t.services.cod.cancelUnconfirmed()).toBe(0);
    clock.advance(3600_000);
    const held = await stockOf(t.db, productId);
    expect(await t.services.cod.cancelUnconfirmed()).toBeGreaterThanOrEqual(1);
    expect((await row(late)).status).toBe('Cancelled');
    expect((await row(confirmed)).status).toBe('Processing');
    expect(await stockOf(t.db, productId)).toBeGreaterThanOrEqual(held + 1);
    expect(await t.services.cod.cancelUnconfirmed()).toBe(0);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/orders/cod/confirm',
      payload: { token: await confirmLink(late) },
    });
    expect(link.statusCode).toBe(409);
    expect(link.json().message).toBe('This order was cancelled, so it can no longer be confirmed.');
  });
});
