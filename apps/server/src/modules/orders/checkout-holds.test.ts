import {
  type AdminHoldsReply,
  type CheckoutSummary,
  type OrderPaymentReply,
  SANDBOX_CARDS,
  type SandboxPayReply,
} from '@bazaar/shared';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
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
import { auditLog } from '../../db/schema/admin';
import { unpaidHolds } from '../../db/schema/orders';
import type { ShopSettingsChanges } from '../settings/settings.repo';
import { lockShopSettings, updateShopSettings } from '../settings/settings.repo';
import { findOrderById } from './orders.repo';

// Issue 21, finding 1: one free account could keep any product off sale by placing an unpaid order for
// the whole stock and deleting and placing it again (each placing held it for a new 30 minutes), and
// drain a coupon's usage limit the same way. These tests place orders as those shoppers did.

const MINUTE = 60_000;

describe('unpaid holds that cannot be farmed', () => {
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  const background = new ManualBackground();
  let t: TestApp;
  let admin: Account;
  let asha: Shopper;
  let ravi: Shopper;

  const inject = (options: InjectOptions) => t.app.inject(options);
  /** POST /api/orders from a browser (its device cookie, if any) on a network. */
  const place = (s: Shopper, from: { cookie?: string; address?: string } = {}) =>
    inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...s.auth, ...(from.cookie ? { cookie: from.cookie } : {}) },
      remoteAddress: from.address ?? '127.0.0.1',
      payload: { ...ORDER_BODY, email: s.email },
    });
  const placed = async (s: Shopper, from: { cookie?: string; address?: string } = {}) => {
    const res = await place(s, from);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as OrderPaymentReply;
  };
  const refused = async (s: Shopper, from: { cookie?: string; address?: string } = {}) => {
    const res = await place(s, from);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    return res.json().message as string;
  };
  const remove = async (s: Shopper, orderId: string) => {
    const res = await inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers: s.auth });
    expect(res.statusCode, res.body).toBe(200);
  };
  const deviceCookie = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['set-cookie']).split(';')[0]!;
  const inMinutes = (minutes: number) => new Date(clock.now().getTime() + minutes * MINUTE).toISOString();
  const settings = (changes: ShopSettingsChanges) =>
    t.db.transaction(async (tx) => {
      await lockShopSettings(tx);
      await updateShopSettings(tx, changes);
    });
  const pay = async (s: Shopper, order: OrderPaymentReply) => {
    const paid = (
      await inject({
        method: 'POST',
        url: '/api/payments/sandbox/pay',
        payload: {
          orderId: order.razorpayOrderId,
          cardNumber: SANDBOX_CARDS.success,
          expiry: '12/30',
          cvv: '123',
        },
      })
    ).json() as SandboxPayReply;
    if (paid.status !== 'captured') throw new Error('not paid');
    const res = await inject({
      method: 'POST',
      url: '/api/orders/verify',
      headers: s.auth,
      payload: {
        orderId: order.orderId,
        paymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const summary = async (s: Shopper, cookie?: string) =>
    (
      await inject({
        method: 'GET',
        url: '/api/orders/checkout',
        headers: { ...s.auth, ...(cookie ? { cookie } : {}) },
      })
    ).json() as CheckoutSummary;

  beforeAll(async () => {
    t = await createTestApp({}, { clock, background });
    admin = await signUp(t, 'holds-admin@example.com', { admin: true });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    clock.advance(60 * MINUTE);
    await t.services.orders.expireDue();
    await settings({
      holdWindowMinutes: null,
      holdLimitUnits: 5,
      holdLimitPercent: 10,
      holdAddressMultiple: 4,
    });
    asha = await shopper(t, `asha${Math.floor(Math.random() * 1e9)}@example.com`);
    ravi = await shopper(t, `ravi${Math.floor(Math.random() * 1e9)}@example.com`);
  });

  it('keeps the first order’s deadline when an order is deleted and placed again, even in part', async () => {
    const lamp = await insertProduct(t.db, { name: 'Desk Lamp', pricePaise: 120_000, countInStock: 10 });
    const mug = await insertProduct(t.db, { name: 'Mug', pricePaise: 30_000, countInStock: 10 });
    const deadline = inMinutes(30);
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 3 }]);
    const first = await placed(asha);
    expect(first.expiresAt).toBe(deadline);

    // Twenty minutes later: deleted and placed again. Before the fix this held the lamps until 10:50.
    clock.advance(20 * MINUTE);
    await remove(asha, first.orderId);
    expect(await stockOf(t.db, lamp)).toBe(10);
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 3 }]);
    const again = await placed(asha);
    expect(again.expiresAt).toBe(deadline);
    expect((await findOrderById(t.db, again.orderId))!.expiresAt!.toISOString()).toBe(deadline);

    // Again, with fewer lamps and a mug: the lamps keep their deadline, and the order with them.
    clock.advance(5 * MINUTE);
    await remove(asha, again.orderId);
    await fillCart(t.db, asha.id, [
      { productId: lamp, quantity: 2 },
      { productId: mug, quantity: 1 },
    ]);
    const partly = await placed(asha);
    expect(partly.expiresAt).toBe(deadline);

    // The deadline passes: the order expires as the first would have, and everything is back.
    clock.advance(5 * MINUTE);
    expect(await t.services.orders.expireDue()).toBe(1);
    expect((await findOrderById(t.db, partly.orderId))!.status).toBe('Cancelled');
    expect(await stockOf(t.db, lamp)).toBe(10);
    expect(await stockOf(t.db, mug)).toBe(10);
    // The expiry pruned the ended holds; a new order after the deadline is a new hold.
    expect(await t.db.select().from(unpaidHolds).where(eq(unpaidHolds.productId, lamp))).toEqual([]);
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 3 }]);
    expect((await placed(asha)).expiresAt).toBe(inMinutes(30));
  });

  it('lets one account hold at most the larger of 5 units and 10% of the stock, so it cannot empty it', async () => {
    const phone = await insertProduct(t.db, { name: 'Flash Phone', pricePaise: 900_000, countInStock: 40 });
    // The whole stock, as the finding's account ordered it.
    await fillCart(t.db, asha.id, [{ productId: phone, quantity: 40 }]);
    expect(await refused(asha)).toBe(
      'You can hold at most 5 of Flash Phone in unpaid orders. Lower the quantity to 5 to continue.',
    );
    expect(await stockOf(t.db, phone)).toBe(40);

    await fillCart(t.db, asha.id, [{ productId: phone, quantity: 5 }]);
    const held = await placed(asha);
    await fillCart(t.db, asha.id, [{ productId: phone, quantity: 1 }]);
    expect(await refused(asha)).toBe(
      'You can hold at most 5 of Flash Phone in unpaid orders, and your unpaid or just-deleted orders hold 5 for the next 30 minutes. Pay for your earlier order in My Orders first, or try again then.',
    );

    // Deleting does not make room for more: the deleted units count until their deadline.
    clock.advance(10 * MINUTE);
    await remove(asha, held.orderId);
    await fillCart(t.db, asha.id, [{ productId: phone, quantity: 6 }]);
    expect(await refused(asha)).toBe(
      'You can hold at most 5 of Flash Phone in unpaid orders, and your unpaid or just-deleted orders hold 5 for the next 20 minutes. Lower the quantity to 5 to continue, or pay for your earlier order first.',
    );
    await fillCart(t.db, asha.id, [{ productId: phone, quantity: 5 }]);
    const replaced = await placed(asha);
    expect(replaced.expiresAt).toBe(inMinutes(20));

    // Everyone else can still buy; a paid order no longer counts against its buyer.
    await fillCart(t.db, ravi.id, [{ productId: phone, quantity: 5 }]);
    await placed(ravi, { address: '198.51.100.20' });
    await pay(asha, replaced);
    await fillCart(t.db, asha.id, [{ productId: phone, quantity: 5 }]);
    await placed(asha);
    expect(await stockOf(t.db, phone)).toBe(25);

    // With 200 in stock, 10% (20) is more than 5.
    const kettle = await insertProduct(t.db, { name: 'Kettle', pricePaise: 150_000, countInStock: 200 });
    await fillCart(t.db, ravi.id, [{ productId: kettle, quantity: 21 }]);
    expect(await refused(ravi)).toMatch(
      /^You can hold at most 20 of Kettle in unpaid orders\. Lower the quantity to 20/,
    );
  });

  it('counts the holds of one browser and one network across accounts', async () => {
    const shoe = await insertProduct(t.db, { name: 'Running Shoe', pricePaise: 300_000, countInStock: 30 });
    await fillCart(t.db, asha.id, [{ productId: shoe, quantity: 5 }]);
    const first = await place(asha);
    expect(first.statusCode).toBe(201);
    const cookie = deviceCookie(first);
    expect(cookie).toMatch(/^bazaar_device=/);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);

    // A second account in the same browser meets the same limit.
    await fillCart(t.db, ravi.id, [{ productId: shoe, quantity: 1 }]);
    expect(await refused(ravi, { cookie })).toBe(
      'You can hold at most 5 of Running Shoe in unpaid orders, and orders placed from this device hold 5 for the next 30 minutes. Pay for your earlier order in My Orders first, or try again then.',
    );
    // A forged cookie is just a new browser (it is given a real one).
    const forged = await place(ravi, { cookie: `${cookie.slice(0, -3)}abc`, address: '198.51.100.7' });
    expect(forged.statusCode).toBe(201);
    expect(deviceCookie(forged)).not.toBe(cookie);

    // One network (here IPv6 addresses of one /64) may hold 4 × 5 = 20 together.
    const net = (n: number) => `2001:db8:77:1::${n.toString(16)}`;
    const crowd = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => shopper(t, `net${n}-${Math.floor(Math.random() * 1e9)}@example.com`)),
    );
    for (const [i, s] of crowd.slice(0, 4).entries()) {
      await fillCart(t.db, s.id, [{ productId: shoe, quantity: i < 3 ? 5 : 4 }]);
      await placed(s, { address: net(i + 1) });
    }
    await fillCart(t.db, crowd[4]!.id, [{ productId: shoe, quantity: 3 }]);
    expect(await refused(crowd[4]!, { address: net(99) })).toBe(
      'Too many of Running Shoe are waiting for payment in orders from your internet connection. Please try again in a few minutes, or lower the quantity to 1.',
    );
    expect((await place(crowd[4]!, { address: '2001:db8:77:2::1' })).statusCode).toBe(201);
  });

  it('holds a limited coupon’s use for one unpaid order per shopper, never renewed by placing again', async () => {
    const coupon = await insertCoupon(t.db, {
      code: `FLASH${Math.floor(Math.random() * 1e6)}`,
      discount: 20,
      usageLimit: 3,
    });
    const tee = await insertProduct(t.db, { name: 'Tee', pricePaise: 50_000, countInStock: 50 });
    const cap = await insertProduct(t.db, { name: 'Cap', pricePaise: 40_000, countInStock: 50 });
    // The finding: three unpaid orders of one account held all three uses, for everyone, as long as it liked.
    await fillCart(t.db, asha.id, [{ productId: tee, quantity: 1 }], coupon);
    const first = await placed(asha);
    await fillCart(t.db, asha.id, [{ productId: cap, quantity: 1 }], coupon);
    const message = await refused(asha);
    expect(message).toMatch(
      /^The coupon FLASH\d+ is already held by another of your unpaid orders for the next 30 minutes\. Pay for that order first, or remove the coupon from your cart to continue\.$/,
    );
    expect(await couponUses(t.db, coupon)).toBe(1);
    await fillCart(t.db, ravi.id, [{ productId: tee, quantity: 1 }], coupon);
    await placed(ravi);
    expect(await couponUses(t.db, coupon)).toBe(2);

    // Deleted and placed again with another product: the coupon's use keeps the first deadline.
    clock.advance(25 * MINUTE);
    await remove(asha, first.orderId);
    expect(await couponUses(t.db, coupon)).toBe(1);
    await fillCart(t.db, asha.id, [{ productId: cap, quantity: 1 }], coupon);
    const again = await placed(asha);
    expect(again.expiresAt).toBe(inMinutes(5));
    clock.advance(5 * MINUTE);
    await t.services.orders.expireDue();
    expect((await findOrderById(t.db, again.orderId))!.status).toBe('Cancelled');
    expect(await couponUses(t.db, coupon)).toBe(0);

    // An unlimited coupon deprives nobody: any number of unpaid orders may use it.
    const open = await insertCoupon(t.db, { code: `OPEN${Math.floor(Math.random() * 1e6)}`, discount: 5 });
    for (let i = 0; i < 3; i++) {
      await fillCart(t.db, asha.id, [{ productId: tee, quantity: 1 }], open);
      await placed(asha);
    }
  });

  it('takes its window from the shop’s setting, and the server’s ORDER_PAYMENT_WINDOW_MINUTES without one', async () => {
    const fan = await insertProduct(t.db, { name: 'Fan', pricePaise: 200_000, countInStock: 10 });
    await fillCart(t.db, asha.id, [{ productId: fan, quantity: 1 }]);
    expect((await summary(asha)).holdMinutes).toBe(30);
    await settings({ holdWindowMinutes: 10 });
    expect((await summary(asha)).holdMinutes).toBe(10);
    const order = await placed(asha);
    expect(order.expiresAt).toBe(inMinutes(10));
    clock.advance(10 * MINUTE);
    await t.services.orders.expireDue();
    const history = await t.db.query.orderStatusHistory.findMany({
      where: (h, { eq: is }) => is(h.orderId, order.orderId),
    });
    expect(history.at(-1)!.note).toBe('payment not received within 10 minutes; stock and coupon released');
    const settingsReply = (await inject({ method: 'GET', url: '/api/settings' })).json();
    expect(settingsReply).toMatchObject({
      holdWindowMinutes: 10,
      defaultHoldWindowMinutes: 30,
      holdLimitUnits: 5,
      holdLimitPercent: 10,
      holdAddressMultiple: 4,
    });
  });

  it('tells the shopper at checkout what they cannot hold, and the deadline a deleted order’s items keep', async () => {
    const coupon = await insertCoupon(t.db, {
      code: `ONE${Math.floor(Math.random() * 1e6)}`,
      discount: 10,
      usageLimit: 10,
    });
    const bag = await insertProduct(t.db, { name: 'Tote Bag', pricePaise: 60_000, countInStock: 20 });
    await fillCart(t.db, asha.id, [{ productId: bag, quantity: 4 }], coupon);
    const first = await place(asha);
    const cookie = deviceCookie(first);
    clock.advance(12 * MINUTE);
    await remove(asha, (first.json() as OrderPaymentReply).orderId);
    await fillCart(t.db, asha.id, [{ productId: bag, quantity: 4 }], coupon);
    expect(await summary(asha, cookie)).toMatchObject({ payBy: inMinutes(18), holdRefusals: [] });

    await fillCart(t.db, asha.id, [{ productId: bag, quantity: 7 }], coupon);
    const view = await summary(asha, cookie);
    expect(view.holdRefusals).toEqual([
      {
        product: bag,
        message:
          'You can hold at most 5 of Tote Bag in unpaid orders, and your unpaid or just-deleted orders hold 4 for the next 18 minutes. Lower the quantity to 5 to continue, or pay for your earlier order first.',
      },
    ]);
    // Placing says the same, and nothing changes.
    expect(await refused(asha, { cookie })).toBe(view.holdRefusals[0]!.message);
    expect(await stockOf(t.db, bag)).toBe(20);
  });

  it('shows the admin who holds what until when, and releases it through the lifecycle, audit-logged', async () => {
    const watch = await insertProduct(t.db, { name: 'Smart Watch', pricePaise: 500_000, countInStock: 50 });
    await fillCart(t.db, asha.id, [{ productId: watch, quantity: 5 }]);
    const ashas = await placed(asha);
    clock.advance(MINUTE);
    await fillCart(t.db, ravi.id, [{ productId: watch, quantity: 2 }]);
    const ravis = await placed(ravi, { address: '198.51.100.30' });

    const list = (
      await inject({ method: 'GET', url: '/api/admin/holds', headers: admin.auth })
    ).json() as AdminHoldsReply;
    const entry = list.products.find((p) => p.product._id === watch)!;
    expect(entry).toMatchObject({ held: 7, product: { name: 'Smart Watch', countInStock: 43 } });
    expect(entry.holds.map((h) => [h.orderId, h.customer.email, h.quantity, h.expiresAt])).toEqual([
      [ashas.orderId, asha.email, 5, ashas.expiresAt],
      [ravis.orderId, ravi.email, 2, ravis.expiresAt],
    ]);
    expect(list.limits).toEqual({ units: 5, percent: 10, addressMultiple: 4 });
    expect((await inject({ method: 'GET', url: '/api/admin/holds', headers: asha.auth })).statusCode).toBe(
      403,
    );
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/admin/holds/release',
          headers: asha.auth,
          payload: { orderIds: [ashas.orderId] },
        })
      ).statusCode,
    ).toBe(403);

    await pay(ravi, ravis);
    const release = await inject({
      method: 'POST',
      url: '/api/admin/holds/release',
      headers: admin.auth,
      payload: { orderIds: [ashas.orderId, ravis.orderId] },
    });
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json()).toEqual({
      message: 'Released 1 unpaid order; the stock is back on sale.',
      released: [ashas.orderId],
      skipped: [
        { orderId: ravis.orderId, reason: 'This order is Processing, no longer waiting for payment.' },
      ],
    });
    expect((await findOrderById(t.db, ashas.orderId))!.status).toBe('Cancelled');
    expect(await stockOf(t.db, watch)).toBe(48);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ashas.orderId), eq(auditLog.action, 'order.release-hold')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.summary).toContain('Smart Watch × 5');
    expect(audit[0]!.actorId).toBe(admin.id);

    // The released units count against Asha until her order's deadline, and she cannot take them again before it.
    await fillCart(t.db, asha.id, [{ productId: watch, quantity: 5 }]);
    expect(await refused(asha)).toMatch(
      /^You can hold at most 5 of Smart Watch in unpaid orders, and your unpaid or just-deleted orders hold 5 for the next 29 minutes/,
    );
    const list2 = (
      await inject({ method: 'GET', url: '/api/admin/holds', headers: admin.auth })
    ).json() as AdminHoldsReply;
    expect(list2.products.find((p) => p.product._id === watch)).toBeUndefined();
    const bad = await inject({
      method: 'POST',
      url: '/api/admin/holds/release',
      headers: admin.auth,
      payload: { orderIds: [] },
    });
    expect(bad.statusCode).toBe(400);
  });
});
