import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import {
  insertCapturedPayment,
  insertPendingOrder,
  type OrderRow,
  recordShipment,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { orderItems } from '../../db/schema/orders';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { insertUser } from '../users/users.repo';
import { type Actor, moveOrder, ORDER_TRANSITIONS } from './order-lifecycle';
import { findAllowedMoves, findOrderById, findStatusHistory } from './orders.repo';

/** The database's own error (SQLSTATE and message), wherever the driver wrapped it. */
function databaseError(error: unknown): { code?: string; message: string } {
  let e = error as { code?: unknown; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string') return { code: e.code, message: e.message ?? '' };
    e = e.cause as typeof e;
  }
  return { message: String(error) };
}

/** The rows of a raw statement (both drivers answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function refusedByDatabase(statement: Promise<unknown>): Promise<{ code?: string; message: string }> {
  const error = await statement.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the database accepted it').toBeDefined();
  return databaseError(error);
}

async function refusal(move: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await move.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).statusCode, message: (error as AppError).message };
}

describe('order lifecycle', () => {
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  let t: TestApp;
  let shopperId: string;
  let otherShopperId: string;
  let adminId: string;
  let productId: string;
  let shopper: Actor;
  let admin: Actor;
  const system: Actor = { kind: 'system' };

  const stock = async (db: DbOrTx = t.db) =>
    (await db.select({ n: products.countInStock }).from(products).where(eq(products.id, productId)))[0]!.n;
  const placeOrder = (quantity = 2) =>
    insertPendingOrder(t.db, { userId: shopperId, items: [{ productId, quantity, unitPricePaise: 50_000 }] });
  const move = async (order: OrderRow, to: OrderRow['status'], actor: Actor, note?: string) => {
    if (to === 'Shipped' && order.status === 'Processing') await recordShipment(t.db, order.id);
    return moveOrder(t.db, order, to, actor, { at: clock.now(), note });
  };

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    const user = (email: string, isAdmin = false) =>
      insertUser(t.db, { name: email, email, passwordHash: null, isAdmin }).then((u) => u.id);
    shopperId = await user('asha@example.com');
    otherShopperId = await user('ravi@example.com');
    adminId = await user('admin@example.com', true);
    shopper = { kind: 'shopper', userId: shopperId };
    admin = { kind: 'admin', userId: adminId };
    const [product] = await t.db
      .insert(products)
      .values({ name: 'Desk Lamp', pricePaise: 50_000, countInStock: 100, category: 'Home' })
      .returning();
    productId = product!.id;
  });
  afterAll(async () => t.close());
  beforeEach(() => clock.advance(60_000));

  it('allows in the database exactly the moves of the table', async () => {
    const pairs = (list: { from: string; to: string }[]) => list.map((p) => `${p.from} → ${p.to}`).sort();
    const database = (await findAllowedMoves(t.db)).map((m) => ({ from: m.fromStatus, to: m.toStatus }));
    expect(pairs(database)).toEqual(pairs([...ORDER_TRANSITIONS]));
  });

  it('walks an order from payment to completion, recording when it was paid and delivered, and who moved it', async () => {
    const placed = await placeOrder();
    await insertCapturedPayment(t.db, placed.id, placed.totalPaise);
    const paidAt = clock.now();
    const paid = await move(placed, 'Processing', system, 'payment pay_123 captured');
    expect(paid).toMatchObject({ status: 'Processing', paidAt, deliveredAt: null });
    clock.advance(3_600_000);
    const shipped = await move(paid, 'Shipped', admin);
    clock.advance(86_400_000);
    const deliveredAt = clock.now();
    const delivered = await move(shipped, 'Delivered', system);
    expect(delivered).toMatchObject({ status: 'Delivered', paidAt, deliveredAt });
    clock.advance(7 * 86_400_000);
    const completed = await move(delivered, 'Completed', admin, 'return window closed');
    expect(completed.status).toBe('Completed');

    const history = await findStatusHistory(t.db, placed.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor, h.changedBy, h.note])).toEqual([
      ['Pending', 'Processing', 'system', null, 'payment pay_123 captured'],
      ['Processing', 'Shipped', 'admin', adminId, null],
      ['Shipped', 'Delivered', 'system', null, null],
      ['Delivered', 'Completed', 'admin', adminId, 'return window closed'],
    ]);
    expect(history[0]!.createdAt).toEqual(paidAt);
    expect(history[2]!.createdAt).toEqual(deliveredAt);
  });

  it('refuses a move the table does not have, naming the moves that are possible', async () => {
    const placed = await placeOrder();
    expect(await refusal(move(placed, 'Shipped', admin))).toEqual({
      status: 409,
      message: 'An order that is Pending can only become Processing or Cancelled, not Shipped.',
    });
    expect(await refusal(move(placed, 'Pending', admin))).toEqual({
      status: 409,
      message: 'This order is already Pending.',
    });
    const cancelled = await move(placed, 'Cancelled', shopper);
    expect((await refusal(move(cancelled, 'Shipped', admin))).message).toBe(
      'An order that is Cancelled can only become Refunded or Processing, not Shipped.',
    );
    // Only a payment that arrived after an unpaid order expired reopens it, and only the shop moves it.
    expect((await refusal(move(cancelled, 'Processing', system))).message).toBe(
      'This order has no captured payment for its total yet, so it cannot be marked as paid.',
    );
    expect((await refusal(move(cancelled, 'Processing', admin))).status).toBe(403);
    expect((await findOrderById(t.db, placed.id))!.status).toBe('Cancelled');
  });

  it('refuses to mark an order paid without a captured payment covering its total', async () => {
    const placed = await placeOrder();
    await insertCapturedPayment(t.db, placed.id, placed.totalPaise - 1);
    expect(await refusal(move(placed, 'Processing', system))).toEqual({
      status: 409,
      message: 'This order has no captured payment for its total yet, so it cannot be marked as paid.',
    });
    expect(await findOrderById(t.db, placed.id)).toMatchObject({ status: 'Pending', paidAt: null });
    expect(await findStatusHistory(t.db, placed.id)).toEqual([]);
  });

  it('lets only the allowed actors make a move, and a shopper only on their own order', async () => {
    const placed = await placeOrder();
    await insertCapturedPayment(t.db, placed.id, placed.totalPaise);
    expect(await refusal(move(placed, 'Processing', shopper))).toEqual({
      status: 403,
      message: 'Only the shop or a shop administrator can change an order from Pending to Processing.',
    });
    const paid = await move(placed, 'Processing', system);
    expect((await refusal(move(paid, 'Shipped', shopper))).status).toBe(403);
    expect(await refusal(move(paid, 'Cancelled', { kind: 'shopper', userId: otherShopperId }))).toEqual({
      status: 403,
      message: 'You can only change your own orders.',
    });
    expect((await move(paid, 'Cancelled', shopper, 'changed my mind')).status).toBe('Cancelled');
  });

  it('gives the stock back when an order ends without its goods, in the same transaction as the move', async () => {
    const before = await stock();
    const placed = await placeOrder(3);
    expect(await stock()).toBe(before - 3);

    // The move and its effects commit together or not at all.
    await expect(
      inTransaction(t.db, async (tx) => {
        await moveOrder(tx, placed, 'Cancelled', system, { at: clock.now(), note: 'payment window expired' });
        expect(await stock(tx)).toBe(before);
        throw new Error('something later in the same unit failed');
      }),
    ).rejects.toThrow('something later');
    expect(await findOrderById(t.db, placed.id)).toMatchObject({ status: 'Pending' });
    expect(await stock()).toBe(before - 3);
    expect(await findStatusHistory(t.db, placed.id)).toEqual([]);

    await move(placed, 'Cancelled', system, 'payment window expired');
    expect(await stock()).toBe(before);
  });

  it('lets only one of two moves racing from the same status happen', async () => {
    const placed = await placeOrder();
    await insertCapturedPayment(t.db, placed.id, placed.totalPaise);
    const results = await Promise.allSettled([
      move(placed, 'Cancelled', shopper),
      move(placed, 'Processing', system),
    ]);
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0]!.reason as AppError).message).toBe(
      'This order was changed meanwhile. Reload it and try again.',
    );
    expect(await findStatusHistory(t.db, placed.id)).toHaveLength(1);
  });

  it('refunds only an order that was paid', async () => {
    const unpaid = await move(await placeOrder(), 'Cancelled', shopper);
    expect(await refusal(move(unpaid, 'Refunded', admin))).toEqual({
      status: 409,
      message: 'This order was never paid, so there is nothing to refund.',
    });
    const placed = await placeOrder();
    await insertCapturedPayment(t.db, placed.id, placed.totalPaise);
    const cancelled = await move(await move(placed, 'Processing', system), 'Cancelled', admin);
    expect((await move(cancelled, 'Refunded', admin)).status).toBe('Refunded');
    expect((await refusal(move({ ...cancelled, status: 'Refunded' }, 'Pending', admin))).message).toBe(
      'This order is Refunded, which is final: it cannot become Pending.',
    );
  });

  describe('partly returned (decision 221)', () => {
    /** A paid order of `quantity` lamps, shipped and delivered. */
    const delivered = async (quantity = 3) => {
      const placed = await placeOrder(quantity);
      await insertCapturedPayment(t.db, placed.id, placed.totalPaise);
      const paid = await move(placed, 'Processing', system);
      return move(await move(paid, 'Shipped', admin), 'Delivered', system);
    };
    /** What a return's receipt counts on the line (modules/returns does it before it moves the order). */
    const received = (order: OrderRow, returned: number) =>
      t.db.update(orderItems).set({ returnedQuantity: returned }).where(eq(orderItems.orderId, order.id));

    it('is Delivered → Partly returned → Returned → Refunded as the units come back, each move in the history', async () => {
      const order = await delivered(3);
      clock.advance(60_000);
      await received(order, 1);
      const partly = await move(order, 'Partly returned', admin, '1 of 3 items returned');
      expect(partly).toMatchObject({ status: 'Partly returned', deliveredAt: order.deliveredAt });
      clock.advance(60_000);
      await received(order, 3);
      const returned = await move(partly, 'Returned', admin, 'every item returned');
      clock.advance(60_000);
      expect((await move(returned, 'Refunded', admin)).status).toBe('Refunded');
      const history = await findStatusHistory(t.db, order.id);
      const afterDelivery = history.filter((h) => h.fromStatus !== null && h.createdAt > order.deliveredAt!);
      expect(afterDelivery.map((h) => [h.fromStatus, h.toStatus, h.actor, h.note])).toEqual([
        ['Delivered', 'Partly returned', 'admin', '1 of 3 items returned'],
        ['Partly returned', 'Returned', 'admin', 'every item returned'],
        ['Returned', 'Refunded', 'admin', null],
      ]);
    });

    it('is partly returned only with some units back and some kept', async () => {
      const none = await delivered(2);
      expect(await refusal(move(none, 'Partly returned', admin))).toEqual({
        status: 409,
        message: 'No item of this order has come back yet: mark a return’s goods received first.',
      });
      const all = await delivered(2);
      await received(all, 2);
      expect(await refusal(move(all, 'Partly returned', system))).toEqual({
        status: 409,
        message: 'Every item of this order came back, so it is Returned, not partly returned.',
      });
      // Cancelled units before shipping are not kept: one cancelled, one returned is every unit back.
      const cancelledOne = await delivered(3);
      await t.db
        .update(orderItems)
        .set({ cancelledQuantity: 1, returnedQuantity: 1 })
        .where(eq(orderItems.orderId, cancelledOne.id));
      expect((await move(cancelledOne, 'Partly returned', system)).status).toBe('Partly returned');
      expect((await findOrderById(t.db, none.id))!.status).toBe('Delivered');
    });

    it('becomes Returned only when its last kept unit is back, and moves nowhere else', async () => {
      const order = await delivered(4);
      await received(order, 1);
      const partly = await move(order, 'Partly returned', admin);
      expect(await refusal(move(partly, 'Returned', admin))).toEqual({
        status: 409,
        message: '3 items are still with the shopper: mark their return received first.',
      });
      await received(order, 3);
      expect((await refusal(move(partly, 'Returned', admin))).message).toBe(
        '1 item is still with the shopper: mark their return received first.',
      );
      // Further partial returns leave it as it is: no move to itself, and no other way out.
      expect((await refusal(move(partly, 'Partly returned', admin))).message).toBe(
        'This order is already Partly returned.',
      );
      expect((await refusal(move(partly, 'Completed', admin))).message).toBe(
        'An order that is Partly returned can only become Returned, not Completed.',
      );
      expect((await refusal(move(partly, 'Refunded', admin))).message).toBe(
        'An order that is Partly returned can only become Returned, not Refunded.',
      );
      expect((await refusal(move(partly, 'Returned', shopper))).status).toBe(403);
      expect((await findOrderById(t.db, order.id))!.status).toBe('Partly returned');
    });

    it('is refused by the database without its delivery, or from a status before Delivered', async () => {
      const order = await delivered(2);
      await received(order, 1);
      const undelivered = await refusedByDatabase(
        t.db.execute(
          sql`update orders set status = 'Partly returned', delivered_at = null where id = ${order.id}`,
        ),
      );
      expect(undelivered.message).toContain('orders_delivered_matches_status');
      const placed = await placeOrder();
      await insertCapturedPayment(t.db, placed.id, placed.totalPaise);
      const paid = await move(placed, 'Processing', system);
      const early = await refusedByDatabase(
        t.db.execute(
          sql`update orders set status = 'Partly returned', delivered_at = now() where id = ${paid.id}`,
        ),
      );
      expect(early.message).toContain('an order cannot move from Processing to Partly returned');
    });
  });

  describe('the database itself, for code that bypasses the lifecycle', () => {
    it('refuses an illegal status move', async () => {
      const placed = await placeOrder();
      const error = await refusedByDatabase(
        t.db.execute(
          sql`update orders set status = 'Delivered', paid_at = now(), delivered_at = now() where id = ${placed.id}`,
        ),
      );
      expect(error.code).toBe('23514');
      expect(error.message).toContain('an order cannot move from Pending to Delivered');
      expect((await findOrderById(t.db, placed.id))!.status).toBe('Pending');
    });

    it('refuses a new order that does not start as Pending', async () => {
      const placed = await placeOrder();
      const error = await refusedByDatabase(
        t.db.execute(sql`insert into orders (name, email, phone, shipping_address, payment_method, subtotal_paise, total_paise, status, paid_at)
          select name, email, phone, shipping_address, payment_method, subtotal_paise, total_paise, 'Processing', now()
          from orders where id = ${placed.id}`),
      );
      expect(error.message).toContain('a new order starts as Pending');
    });

    it('refuses a status that contradicts the paid and delivered facts', async () => {
      const placed = await placeOrder();
      // An allowed move, but "paid" without a payment time.
      const unpaid = await refusedByDatabase(
        t.db.execute(sql`update orders set status = 'Processing' where id = ${placed.id}`),
      );
      expect(unpaid.code).toBe('23514');
      expect(unpaid.message).toContain('orders_paid_matches_status');
      const paidButPending = await refusedByDatabase(
        t.db.execute(sql`update orders set paid_at = now() where id = ${placed.id}`),
      );
      expect(paidButPending.message).toContain('orders_paid_matches_status');
      const deliveredTooEarly = await refusedByDatabase(
        t.db.execute(sql`update orders set delivered_at = now() where id = ${placed.id}`),
      );
      expect(deliveredTooEarly.message).toContain('orders_delivered_matches_status');
    });

    it('refuses negative stock', async () => {
      const error = await refusedByDatabase(
        t.db.execute(sql`update products set count_in_stock = count_in_stock - 1000 where id = ${productId}`),
      );
      expect(error.code).toBe('23514');
      expect(error.message).toContain('products_stock_not_negative');
    });

    it('refuses impossible coupons, cart quantities and redemptions of orders that do not exist', async () => {
      const coupon = (discount: number, usageLimit: number | null, usedCount = 0) =>
        refusedByDatabase(
          t.db.execute(
            sql`insert into coupons (code, discount, usage_limit, used_count) values (${`C${Math.random()}`}, ${discount}, ${usageLimit}, ${usedCount})`,
          ),
        );
      expect((await coupon(0, 10)).message).toContain('coupons_discount_percent');
      expect((await coupon(101, 10)).message).toContain('coupons_discount_percent');
      expect((await coupon(10, 0)).message).toContain('coupons_usage_limit_positive');
      expect((await coupon(10, 5, 6)).message).toContain('coupons_used_within_limit');

      const [cart] = rowsOf<{ id: string }>(
        await t.db.execute(sql`insert into carts (user_id) values (${shopperId}) returning id`),
      );
      const line = (quantity: number) =>
        t.db.execute(
          sql`insert into cart_items (cart_id, product_id, quantity) values (${cart!.id}, ${productId}, ${quantity})`,
        );
      expect((await refusedByDatabase(line(0))).message).toContain('cart_items_quantity_range');
      expect((await refusedByDatabase(line(100))).message).toContain('cart_items_quantity_range');
      await line(99);

      const [welcome] = rowsOf<{ id: string }>(
        await t.db.execute(
          sql`insert into coupons (code, discount, usage_limit) values ('WELCOME', 10, 5) returning id`,
        ),
      );
      const orphan = await refusedByDatabase(
        t.db.execute(
          sql`insert into coupon_redemptions (coupon_id, order_id) values (${welcome!.id}, '00000000-0000-4000-8000-000000000000')`,
        ),
      );
      expect(orphan.code).toBe('23503');
    });
  });
});
