import { type OrderPaymentReply, SANDBOX_CARDS, type SandboxPayReply } from '@bazaar/shared';
import { COUPON_MESSAGES } from '@bazaar/shared/constants';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { createTestApp, type TestApp, twoProcesses } from '../../../test/helpers';
import { testConfig } from '../../config';
import { orderStatusHistory, orders, unpaidHolds } from '../../db/schema/orders';
import { couponRedemptions } from '../../db/schema/shopping';

// Two apps with their own connection pools on one database, as two server processes are; on
// PostgreSQL (TEST_DATABASE_URL, as CI runs this suite) their transactions really overlap.

const MINUTE = 60_000;
/** Each shopper of a crowd on a network of their own, as a real crowd mostly is (checkout-holds.test.ts tests one shared network). */
const networkOf = (i: number) => `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;

describe('checkout on two server processes sharing one database', () => {
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  const processes = twoProcesses({ clock, background: new ManualBackground() });
  const app = (i: number): TestApp => (i % 2 === 0 ? processes.a : processes.b);

  const shoppers = (count: number, tag: string) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        shopper(processes.a, `${tag}${i}-${Math.floor(Math.random() * 1e9)}@example.com`),
      ),
    );
  const place = (i: number, s: Shopper) =>
    app(i).app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: s.auth,
      remoteAddress: networkOf(i),
      payload: { ...ORDER_BODY, email: s.email },
    });
  const payAndVerify = async (i: number, s: Shopper, order: OrderPaymentReply) => {
    const pay = await app(i + 1).app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      payload: {
        orderId: order.razorpayOrderId,
        cardNumber: SANDBOX_CARDS.success,
        expiry: '12/30',
        cvv: '123',
      },
    });
    const paid = pay.json() as SandboxPayReply;
    if (paid.status !== 'captured') throw new Error(pay.body);
    return app(i).app.inject({
      method: 'POST',
      url: '/api/orders/verify',
      headers: s.auth,
      payload: {
        orderId: order.orderId,
        paymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
      },
    });
  };

  it('lets exactly 10 of 50 shoppers racing for 10 units reserve one, and the rest hear it is out of stock', async () => {
    const gadget = await insertProduct(processes.a.db, {
      name: 'Gadget',
      pricePaise: 50_000,
      countInStock: 10,
    });
    const crowd = await shoppers(50, 'racer');
    for (const s of crowd) await fillCart(processes.a.db, s.id, [{ productId: gadget, quantity: 1 }]);

    const replies = await Promise.all(crowd.map((s, i) => place(i, s)));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const refused of replies.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe('Gadget is out of stock. Remove it from your cart to continue.');
    }
    expect(await stockOf(processes.b.db, gadget)).toBe(0);
    const [placed] = await processes.b.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.status, 'Pending'));
    expect(placed!.n).toBe(10);
  });

  it('redeems a coupon with a usage limit of 5 exactly 5 times among 30 paying shoppers; the others are refused at order time', async () => {
    const coupon = await insertCoupon(processes.a.db, { code: 'FIVE', discount: 10, usageLimit: 5 });
    const gizmo = await insertProduct(processes.a.db, {
      name: 'Gizmo',
      pricePaise: 40_000,
      countInStock: 100,
    });
    const crowd = await shoppers(30, 'coupon');
    for (const s of crowd) await fillCart(processes.a.db, s.id, [{ productId: gizmo, quantity: 1 }], coupon);

    const outcomes = await Promise.all(
      crowd.map(async (s, i) => {
        const res = await place(i, s);
        if (res.statusCode !== 201) return { placed: false, message: res.json().message as string };
        const verified = await payAndVerify(i, s, res.json() as OrderPaymentReply);
        return { placed: true, paid: verified.statusCode === 200 };
      }),
    );
    expect(outcomes.filter((o) => o.placed && o.paid)).toHaveLength(5);
    const refused = outcomes.filter((o) => !o.placed);
    expect(refused).toHaveLength(25);
    for (const o of refused) expect(o.message).toBe(COUPON_MESSAGES.usedUp);
    expect(await couponUses(processes.b.db, coupon)).toBe(5);
    const redemptions = await processes.b.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon));
    expect(redemptions).toHaveLength(5);
    expect(await stockOf(processes.b.db, gizmo)).toBe(95);
  });

  it('releases each expired order once when both processes run the expiry at the same time', async () => {
    const coupon = await insertCoupon(processes.a.db, { code: 'MANY', discount: 5, usageLimit: 1000 });
    const widget = await insertProduct(processes.a.db, {
      name: 'Widget',
      pricePaise: 20_000,
      countInStock: 60,
    });
    const crowd = await shoppers(40, 'late');
    for (const s of crowd) await fillCart(processes.a.db, s.id, [{ productId: widget, quantity: 1 }], coupon);
    const placed = await Promise.all(crowd.map((s, i) => place(i, s)));
    expect(placed.every((r) => r.statusCode === 201)).toBe(true);
    expect(await stockOf(processes.a.db, widget)).toBe(20);
    expect(await couponUses(processes.a.db, coupon)).toBe(40);

    clock.advance(31 * MINUTE);
    const counts = await Promise.all([
      processes.a.services.orders.expireDue(),
      processes.b.services.orders.expireDue(),
      processes.a.services.orders.expireDue(),
      processes.b.services.orders.expireDue(),
    ]);
    // The earlier tests' unpaid orders expire too; each order is counted by exactly one round.
    const ids = placed.map((r) => (r.json() as OrderPaymentReply).orderId);
    const [expired] = await processes.a.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.fromStatus, 'Pending'), eq(orderStatusHistory.toStatus, 'Cancelled')));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(expired!.n);
    for (const id of ids) {
      const moves = await processes.b.db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.toStatus, 'Cancelled')));
      expect(moves).toHaveLength(1);
    }
    expect(await stockOf(processes.b.db, widget)).toBe(60);
    expect(await couponUses(processes.b.db, coupon)).toBe(0);
    // Both rounds pruned the holds that ended, without waiting on each other.
    expect(await processes.a.db.select().from(unpaidHolds).where(eq(unpaidHolds.productId, widget))).toEqual(
      [],
    );
  });
});

describe('the expiry job, running on its timer in two server processes', () => {
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  const config = { orders: { ...testConfig().orders, expiryCheckMs: 25 } };
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp(config, { clock, background: new ManualBackground() });
    b = await createTestApp(config, { clock, background: new ManualBackground(), sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('releases every expired order once, whichever process gets to it', async () => {
    const coupon = await insertCoupon(a.db, { code: 'TIMER', discount: 5, usageLimit: 100 });
    const lamp = await insertProduct(a.db, { name: 'Timer Lamp', pricePaise: 20_000, countInStock: 30 });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const s = await shopper(a, `timer${i}-${Math.floor(Math.random() * 1e9)}@example.com`);
      await fillCart(a.db, s.id, [{ productId: lamp, quantity: 2 }], coupon);
      const res = await (i % 2 ? a : b).app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: s.auth,
        remoteAddress: networkOf(i),
        payload: { ...ORDER_BODY, email: s.email },
      });
      expect(res.statusCode).toBe(201);
      ids.push((res.json() as OrderPaymentReply).orderId);
    }
    expect(await stockOf(a.db, lamp)).toBe(6);

    clock.advance(31 * MINUTE);
    const cancelled = async () =>
      (
        await a.db
          .select({ n: sql<number>`count(*)::int` })
          .from(orderStatusHistory)
          .where(
            and(eq(orderStatusHistory.toStatus, 'Cancelled'), sql`${orderStatusHistory.orderId} in ${ids}`),
          )
      )[0]!.n;
    const deadline = Date.now() + 10_000;
    while ((await cancelled()) < ids.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    // A few more rounds on both processes change nothing.
    await new Promise((r) => setTimeout(r, 200));
    expect(await cancelled()).toBe(ids.length);
    expect(await stockOf(b.db, lamp)).toBe(30);
    expect(await couponUses(b.db, coupon)).toBe(0);
  });
});
