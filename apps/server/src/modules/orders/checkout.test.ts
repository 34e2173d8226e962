import {
  CHECKOUT_MESSAGES,
  type MyOrdersReply,
  type OrderPaymentReply,
  SANDBOX_CARDS,
  type SandboxPayReply,
} from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { ManualBackground } from '../../../test/background';
import { ManualClock } from '../../../test/clock';
import {
  couponUses,
  fillCart,
  insertCoupon,
  insertProduct,
  ORDER_BODY,
  type Shopper,
  shopper,
  stockOf,
} from '../../../test/fixtures/checkout';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startSmtp } from '../../../test/smtp-server';
import { refunds } from '../../db/schema/after-sale';
import { payments } from '../../db/schema/orders';
import { paymentEvents } from '../../db/schema/payments';
import { cartItems, carts, couponRedemptions } from '../../db/schema/shopping';
import { hmacHex } from '../payments/signatures';
import { findOrderById, findStatusHistory } from './orders.repo';

const MINUTE = 60_000;

describe('checkout through the payment sandbox', () => {
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  const background = new ManualBackground();
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  let asha: Shopper;
  let ravi: Shopper;
  let lamp: string;
  let mug: string;

  const inject = (options: InjectOptions) => t.app.inject(options);
  const place = (s: Shopper, body: object = { ...ORDER_BODY, email: s.email }) =>
    inject({ method: 'POST', url: '/api/orders', headers: s.auth, payload: body });
  const placed = async (s: Shopper, body: object = { ...ORDER_BODY, email: s.email }) => {
    const res = await place(s, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as OrderPaymentReply;
  };
  const payInSandbox = async (razorpayOrderId: string, card: string = SANDBOX_CARDS.success) => {
    const res = await inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      payload: { orderId: razorpayOrderId, cardNumber: card, expiry: '12/30', cvv: '123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SandboxPayReply;
  };
  const verify = (s: Shopper, payload: object) =>
    inject({ method: 'POST', url: '/api/orders/verify', headers: s.auth, payload });
  const paidVerifyBody = (order: OrderPaymentReply, paid: SandboxPayReply) => {
    if (paid.status !== 'captured') throw new Error('not paid');
    return {
      orderId: order.orderId,
      paymentId: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
      razorpayOrderId: paid.razorpay_order_id,
      cartId: 'whatever-the-client-sends',
    };
  };
  const myOrders = async (s: Shopper) =>
    (await inject({ method: 'GET', url: '/api/orders/myorders', headers: s.auth })).json() as MyOrdersReply;
  const cartLines = async (userId: string) =>
    (
      await t.db
        .select({ id: cartItems.id })
        .from(cartItems)
        .innerJoin(carts, eq(carts.id, cartItems.cartId))
        .where(eq(carts.userId, userId))
    ).length;
  /** Mail received for `to`, waiting up to `timeoutMs` for at least `count` of them. */
  const mailTo = async (to: string, count = 1, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    let found = smtp.received.filter((m) => m.to.includes(to));
    while (found.length < count && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
      found = smtp.received.filter((m) => m.to.includes(to));
    }
    return found;
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({}, { clock, background });
    // The mailer is chosen from the config at start-up; this app sends through the local SMTP server.
    await t.close();
    t = await createTestApp(
      { mail: { smtpUrl: smtp.url, from: 'Bazaar <shop@example.com>' } },
      { clock, background },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    clock.advance(MINUTE);
    await background.flush();
    asha = await shopper(t, `asha${Math.floor(Math.random() * 1e9)}@example.com`);
    ravi = await shopper(t, `ravi${Math.floor(Math.random() * 1e9)}@example.com`);
    lamp = await insertProduct(t.db, {
      name: 'Desk Lamp',
      pricePaise: 120_000,
      countInStock: 5,
      discount: 10,
    });
    mug = await insertProduct(t.db, { name: 'Mug', pricePaise: 30_000, countInStock: 3 });
  });

  it('prices the shopper’s own cart on the server, ignoring the prices, items and isPaid the client sends', async () => {
    const coupon = await insertCoupon(t.db, { code: `SAVE${Math.floor(Math.random() * 1e6)}`, discount: 10 });
    await fillCart(
      t.db,
      asha.id,
      [
        { productId: lamp, quantity: 2, colour: 'Red' },
        { productId: mug, quantity: 1 },
      ],
      coupon,
    );
    const order = await placed(asha, {
      ...ORDER_BODY,
      isPaid: true,
      totalPrice: 1,
      orderItems: [{ product: lamp, qty: 100, price: 1 }],
      cartId: 'some-cart',
    });
    // 2 × ₹1,080 + ₹300 = ₹2,460; coupon 10% = ₹246; tax 10% of ₹2,214 = ₹221; free delivery: ₹2,435.
    expect(order).toMatchObject({
      amount: 243_500,
      currency: 'INR',
      provider: 'sandbox',
      keyId: expect.stringMatching(/^rzp_test_/),
      razorpayOrderId: expect.stringMatching(/^order_/),
      prefill: { name: 'Asha Rao', email: 'asha@example.com', contact: '9876543210' },
    });
    const row = (await findOrderById(t.db, order.orderId))!;
    expect(row).toMatchObject({
      status: 'Pending',
      paidAt: null,
      subtotalPaise: 246_000,
      discountPaise: 24_600,
      taxPaise: 22_100,
      shippingPaise: 0,
      totalPaise: 243_500,
      couponCode: expect.stringMatching(/^SAVE/),
      couponDiscount: 10,
      expiresAt: new Date(clock.now().getTime() + 30 * MINUTE),
    });
    // Stock and the coupon's use are held from now on.
    expect(await stockOf(t.db, lamp)).toBe(3);
    expect(await stockOf(t.db, mug)).toBe(2);
    expect(await couponUses(t.db, coupon)).toBe(1);
    const listed = (await myOrders(asha)).orders[0]!;
    expect(listed).toMatchObject({ _id: order.orderId, status: 'Pending', isPaid: false, total: 2435 });
    expect(listed.orderItems.map((i) => [i.name, i.quantity, i.price])).toEqual([
      ['Desk Lamp', 2, 1080],
      ['Mug', 1, 300],
    ]);
  });

  it('refuses an empty cart, and a line wanting more than is in stock, naming the product', async () => {
    const empty = await place(asha);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(CHECKOUT_MESSAGES.emptyCart);

    await fillCart(t.db, asha.id, [
      { productId: mug, quantity: 1 },
      { productId: lamp, quantity: 6 },
    ]);
    const tooMany = await place(asha);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(
      'Only 5 of Desk Lamp left in stock. Lower the quantity in your cart to continue.',
    );
    // Nothing stays reserved: the mug taken first is back.
    expect(await stockOf(t.db, mug)).toBe(3);
    expect((await myOrders(asha)).orders).toEqual([]);

    const guest = await inject({ method: 'POST', url: '/api/orders', payload: ORDER_BODY });
    expect(guest.statusCode).toBe(401);
    const bad = await place(asha, { ...ORDER_BODY, phone: '98765-4321' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.phone).toBe(CHECKOUT_MESSAGES.phoneDigits);
    const unknown = await place(asha, { ...ORDER_BODY, status: 'Delivered' });
    expect(unknown.statusCode).toBe(400);
  });

  it('pays through the sandbox: verified, paid in one move, coupon redeemed, cart emptied, confirmation mailed', async () => {
    const coupon = await insertCoupon(t.db, {
      code: `ONCE${Math.floor(Math.random() * 1e6)}`,
      discount: 20,
      usageLimit: 1,
    });
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }], coupon);
    const order = await placed(asha);
    clock.advance(2 * MINUTE);
    const paid = await payInSandbox(order.razorpayOrderId);
    expect(paid.status).toBe('captured');

    const res = await verify(asha, paidVerifyBody(order, paid));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: CHECKOUT_MESSAGES.paid, orderId: order.orderId });

    const row = (await findOrderById(t.db, order.orderId))!;
    expect(row).toMatchObject({ status: 'Processing', paidAt: clock.now() });
    expect(await cartLines(asha.id)).toBe(0);
    expect(await couponUses(t.db, coupon)).toBe(1);
    const redemptions = await t.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon));
    expect(redemptions.map((r) => r.orderId)).toEqual([order.orderId]);
    const history = await findStatusHistory(t.db, order.orderId);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([
      [null, 'Pending', 'shopper'],
      ['Pending', 'Processing', 'system'],
    ]);
    const [mail] = await mailTo(asha.email);
    expect(mail!.raw).toContain(`order #${order.orderNumber} confirmed`);
    expect(mail!.raw).toContain('Desk Lamp');
    expect(mail!.raw).toContain('12 MG Road');

    // A repeat, and the webhooks the sandbox sends meanwhile, change nothing more.
    const again = await verify(asha, paidVerifyBody(order, paid));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    await background.flush();
    expect(await findStatusHistory(t.db, order.orderId)).toHaveLength(2);
    expect(await couponUses(t.db, coupon)).toBe(1);
    expect((await mailTo(asha.email, 2, 500)).length).toBe(1);
    const listed = (await myOrders(asha)).orders.find((o) => o._id === order.orderId)!;
    expect(listed).toMatchObject({ status: 'Processing', isPaid: true, payBy: null });
    expect(listed.deliveryDate).toBe(new Date(clock.now().getTime() + 7 * 24 * 60 * MINUTE).toISOString());
  });

  it('refuses a tampered signature, another user’s order, and the provider order of another order', async () => {
    await fillCart(t.db, asha.id, [{ productId: mug, quantity: 1 }]);
    const first = await placed(asha);
    await fillCart(t.db, asha.id, [{ productId: mug, quantity: 1 }]);
    const second = await placed(asha);
    const paidSecond = await payInSandbox(second.razorpayOrderId);
    const body = paidVerifyBody(second, paidSecond);

    const tampered = await verify(asha, {
      ...body,
      signature: body.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe(CHECKOUT_MESSAGES.verifyFailed);

    const notTheirs = await verify(ravi, body);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe('Order not found');

    // The second order's genuine payment presented as paying the first order.
    const otherOrder = await verify(asha, { ...body, orderId: first.orderId, razorpayOrderId: undefined });
    expect(otherOrder.statusCode).toBe(400);
    const mismatched = await verify(asha, { ...body, razorpayOrderId: first.razorpayOrderId });
    expect(mismatched.statusCode).toBe(400);
    expect((await verify(asha, { ...body, orderId: 'not-an-id' })).statusCode).toBe(404);

    for (const id of [first.orderId, second.orderId]) {
      expect((await findOrderById(t.db, id))!.status).toBe('Pending');
    }
    expect((await verify(asha, body)).statusCode).toBe(200);
  });

  it('completes the order from the webhook when the browser never comes back, once whatever is replayed', async () => {
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }]);
    const order = await placed(asha);
    await payInSandbox(order.razorpayOrderId);
    expect((await findOrderById(t.db, order.orderId))!.status).toBe('Pending');

    // The sandbox's webhooks, captured on their way, then delivered (twice over).
    const sent: { body: string; headers: Record<string, string> }[] = [];
    const realInject = t.app.inject.bind(t.app);
    const delivered = background.queued.length;
    expect(delivered).toBeGreaterThan(0);
    t.app.inject = ((options: { payload: string; headers: Record<string, string> }) => {
      sent.push({ body: options.payload, headers: options.headers });
      return realInject(options as never);
    }) as never;
    try {
      await background.flush();
    } finally {
      t.app.inject = realInject as never;
    }
    expect(sent.map((s) => JSON.parse(s.body).event)).toEqual([
      'payment.authorized',
      'payment.captured',
      'order.paid',
    ]);
    expect((await findOrderById(t.db, order.orderId))!.status).toBe('Processing');
    expect(await cartLines(asha.id)).toBe(0);

    for (const s of sent) {
      const replay = await inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: s.body,
        headers: s.headers,
      });
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ status: 'duplicate' });
    }
    // The same event under a new id (order.paid after payment.captured): settled already.
    const fresh = { ...sent[2]!.headers, 'x-razorpay-event-id': 'evt_new_id' };
    expect(
      (
        await inject({ method: 'POST', url: '/api/payments/webhook', payload: sent[2]!.body, headers: fresh })
      ).json(),
    ).toEqual({ status: 'applied' });
    expect(await findStatusHistory(t.db, order.orderId)).toHaveLength(2);
    expect((await mailTo(asha.email, 2, 500)).length).toBe(1);

    // A forged event, or a genuine one with a changed byte, is refused.
    const forged = await inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: sent[1]!.body,
      headers: {
        ...sent[1]!.headers,
        'x-razorpay-signature': hmacHex(sent[1]!.body, 'guessed-secret'),
        'x-razorpay-event-id': 'evt_forged',
      },
    });
    expect(forged.statusCode).toBe(400);
    const changed = await inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: sent[1]!.body.replace('"amount":', '"amount": '),
      headers: { ...sent[1]!.headers, 'x-razorpay-event-id': 'evt_changed' },
    });
    expect(changed.statusCode).toBe(400);
    const unsigned = await inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: sent[1]!.body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    const stored = await t.db.select().from(paymentEvents);
    expect(stored.map((e) => e.eventId)).not.toContain('evt_forged');
  });

  it('leaves a declined order waiting for payment, records why, and Pay now pays it', async () => {
    await fillCart(t.db, asha.id, [{ productId: mug, quantity: 2 }]);
    const order = await placed(asha);
    const declined = await payInSandbox(order.razorpayOrderId, SANDBOX_CARDS.declined);
    expect(declined).toMatchObject({
      status: 'failed',
      error: { description: expect.stringContaining('declined') },
    });
    await background.flush();
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(payment).toMatchObject({
      status: 'failed',
      errorDescription: expect.stringContaining('declined'),
    });
    expect((await findOrderById(t.db, order.orderId))!.status).toBe('Pending');
    expect((await myOrders(asha)).orders[0]).toMatchObject({ status: 'Pending', payBy: expect.any(String) });

    clock.advance(10 * MINUTE);
    const again = await inject({
      method: 'POST',
      url: `/api/orders/${order.orderId}/pay`,
      headers: asha.auth,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      orderId: order.orderId,
      razorpayOrderId: order.razorpayOrderId,
      amount: order.amount,
    });
    expect(
      (await inject({ method: 'POST', url: `/api/orders/${order.orderId}/pay`, headers: ravi.auth }))
        .statusCode,
    ).toBe(404);
    const paid = await payInSandbox(order.razorpayOrderId);
    // A failed attempt's late webhook arriving after the capture changes nothing.
    expect((await verify(asha, paidVerifyBody(order, paid))).statusCode).toBe(200);
    await background.flush();
    expect((await findOrderById(t.db, order.orderId))!.status).toBe('Processing');
    const [after] = await t.db.select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(after).toMatchObject({ status: 'captured', providerPaymentId: paid.razorpay_payment_id });
    const paidAgain = await inject({
      method: 'POST',
      url: `/api/orders/${order.orderId}/pay`,
      headers: asha.auth,
    });
    expect(paidAgain.statusCode).toBe(409);
  });

  it('expires unpaid orders after 30 minutes, releasing stock and coupon once; a late payment is honoured while stock allows', async () => {
    const coupon = await insertCoupon(t.db, {
      code: `LATE${Math.floor(Math.random() * 1e6)}`,
      discount: 5,
      usageLimit: 3,
    });
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 2 }], coupon);
    const order = await placed(asha);
    expect(await stockOf(t.db, lamp)).toBe(3);
    expect(await couponUses(t.db, coupon)).toBe(1);

    clock.advance(29 * MINUTE);
    await t.services.orders.expireDue();
    expect((await findOrderById(t.db, order.orderId))!.status).toBe('Pending');
    clock.advance(1 * MINUTE);
    expect(await t.services.orders.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await t.services.orders.expireDue()).toBe(0);
    const expired = (await findOrderById(t.db, order.orderId))!;
    expect(expired.status).toBe('Cancelled');
    expect((await findStatusHistory(t.db, order.orderId)).at(-1)!.note).toBe(
      'payment not received within 30 minutes; stock and coupon released',
    );
    expect(await stockOf(t.db, lamp)).toBe(5);
    expect(await couponUses(t.db, coupon)).toBe(0);
    expect(
      (await inject({ method: 'POST', url: `/api/orders/${order.orderId}/pay`, headers: asha.auth })).json()
        .message,
    ).toBe('This order expired before it was paid. Please place a new order.');

    // The shopper had the payment window open: the payment arrives after the expiry, stock is there.
    const paid = await payInSandbox(order.razorpayOrderId);
    const res = await verify(asha, paidVerifyBody(order, paid));
    expect(res.statusCode, res.body).toBe(200);
    expect((await findOrderById(t.db, order.orderId))!.status).toBe('Processing');
    expect(await stockOf(t.db, lamp)).toBe(3);
    expect(await couponUses(t.db, coupon)).toBe(1);
  });

  it('refunds a payment that arrives after the order expired and its stock was sold', async () => {
    await fillCart(t.db, asha.id, [{ productId: mug, quantity: 3 }]);
    const order = await placed(asha);
    clock.advance(31 * MINUTE);
    await t.services.orders.expireDue();
    await fillCart(t.db, ravi.id, [{ productId: mug, quantity: 2 }]);
    await placed(ravi);

    const paid = await payInSandbox(order.razorpayOrderId);
    const res = await verify(asha, paidVerifyBody(order, paid));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Mug sold out after this order expired, so it cannot be honoured. Your payment of ₹990 is being refunded.',
    );
    await background.flush();
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(payment).toMatchObject({ status: 'refunded' });
    // The money goes back through the refunds table like every other refund (decision 200).
    const made = await t.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(made).toMatchObject([
      {
        kind: 'late_payment',
        amountPaise: 99_000,
        paymentId: payment!.id,
        status: 'processed',
        providerRefundId: expect.stringMatching(/^rfnd_/),
      },
    ]);
    expect((await findOrderById(t.db, order.orderId))!.status).toBe('Cancelled');
    expect(await stockOf(t.db, mug)).toBe(1);
    // Replays of verify and of the webhooks refund nothing twice.
    expect((await verify(asha, paidVerifyBody(order, paid))).statusCode).toBe(409);
    await background.flush();
    const after = await t.db.select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(after).toHaveLength(1);
    const again = await t.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(again).toHaveLength(1);
    expect(again[0]!.providerRefundId).toBe(made[0]!.providerRefundId);
    // The admin's refunds list of the order shows it, and nothing remains to refund.
    const admin = await signUp(t, `admin${Math.floor(Math.random() * 1e9)}@example.com`, { admin: true });
    const listed = await inject({
      method: 'GET',
      url: `/api/admin/orders/${order.orderId}/refunds`,
      headers: admin.auth,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({
      refunds: [{ kind: 'late_payment', amount: 990, status: 'processed' }],
      refunded: 990,
      remaining: 0,
    });
  });

  it('deletes the shopper’s own unpaid order, giving its stock and coupon back once', async () => {
    const coupon = await insertCoupon(t.db, {
      code: `DEL${Math.floor(Math.random() * 1e6)}`,
      discount: 5,
      usageLimit: 1,
    });
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }], coupon);
    const order = await placed(asha);
    const del = (s: Shopper, id = order.orderId) =>
      inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: s.auth });
    expect((await del(ravi)).statusCode).toBe(404);
    const res = await del(asha);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CHECKOUT_MESSAGES.orderDeleted });
    expect(await stockOf(t.db, lamp)).toBe(5);
    expect(await couponUses(t.db, coupon)).toBe(0);
    expect((await myOrders(asha)).orders).toEqual([]);
    expect((await del(asha)).statusCode).toBe(404);
    expect(await stockOf(t.db, lamp)).toBe(5);
    clock.advance(40 * MINUTE);
    await t.services.orders.expireDue();
    expect(await couponUses(t.db, coupon)).toBe(0);

    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }]);
    const paidOrder = await placed(asha);
    const paid = await payInSandbox(paidOrder.razorpayOrderId);
    await verify(asha, paidVerifyBody(paidOrder, paid));
    const refused = await del(asha, paidOrder.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Only an unpaid order can be deleted/);
  });

  it('lets one shopper hold at most 3 unpaid orders, so nobody can take a product off sale', async () => {
    const orders: OrderPaymentReply[] = [];
    for (let i = 0; i < 3; i++) {
      await fillCart(t.db, asha.id, [{ productId: mug, quantity: 1 }]);
      orders.push(await placed(asha));
    }
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }]);
    const fourth = await place(asha);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(
      'You have 3 orders waiting for payment. Pay or delete one of them in My Orders first.',
    );
    expect(await stockOf(t.db, lamp)).toBe(5);
    await inject({ method: 'DELETE', url: `/api/orders/${orders[0]!.orderId}`, headers: asha.auth });
    expect((await place(asha)).statusCode).toBe(201);
  });

  it('lists only the caller’s orders, newest first', async () => {
    await fillCart(t.db, asha.id, [{ productId: mug, quantity: 1 }]);
    const older = await placed(asha);
    clock.advance(MINUTE);
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }]);
    const newer = await placed(asha);
    await fillCart(t.db, ravi.id, [{ productId: lamp, quantity: 1 }]);
    await placed(ravi);
    const list = (await myOrders(asha)).orders;
    expect(list.map((o) => o._id)).toEqual([newer.orderId, older.orderId]);
    expect(list[0]).toMatchObject({ orderNumber: newer.orderNumber, tracking: null, deliveryDate: null });
    expect((await inject({ method: 'GET', url: '/api/orders/myorders' })).statusCode).toBe(401);
  });
});
