import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { insertPendingOrder } from '../../../test/fixtures/orders';
import { type TestApp, twoProcesses } from '../../../test/helpers';
import { refunds } from '../../db/schema/after-sale';
import { products } from '../../db/schema/catalogue';
import { orders, payments, sandboxOrders, sandboxPayments, sandboxRefunds } from '../../db/schema/index';

// Two apps with their own pools on one database (on PostgreSQL, with TEST_DATABASE_URL, they really overlap).
describe('concurrent partial refunds on two app instances', () => {
  const apps = twoProcesses();

  /** A ₹2,200 order paid through the sandbox (its books and ours), Processing. */
  const paidOrder = async (t: TestApp) => {
    const [p] = await t.db
      .insert(products)
      .values({ name: 'Lamp', pricePaise: 220_000, countInStock: 10, category: 'Home' })
      .returning();
    const order = await insertPendingOrder(t.db, {
      userId: null,
      items: [{ productId: p!.id, quantity: 1, unitPricePaise: 220_000 }],
    });
    const sid = `order_${order.id.slice(0, 8)}`;
    const pid = `pay_${order.id.slice(0, 8)}`;
    await t.db.insert(sandboxOrders).values({ id: sid, amountPaise: 220_000, receipt: order.id });
    await t.db
      .insert(sandboxPayments)
      .values({ id: pid, orderId: sid, amountPaise: 220_000, status: 'captured', cardLast4: '1111' });
    await t.db.insert(payments).values({
      orderId: order.id,
      provider: 'sandbox',
      providerOrderId: sid,
      providerPaymentId: pid,
      amountPaise: 220_000,
      status: 'captured',
    });
    await t.db
      .update(orders)
      .set({ status: 'Processing', paidAt: new Date() })
      .where(eq(orders.id, order.id));
    return { orderId: order.id, pid };
  };

  it('sum to at most what was captured, at the shop and at the provider', async () => {
    const { a, b } = apps;
    const admin: Account = await signUp(a, 'admin@example.com', { admin: true });
    const { orderId, pid } = await paidOrder(a);
    const ask = (t: TestApp, i: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refunds`,
        headers: admin.auth,
        payload: { amount: 300, reason: `part ${i}` },
      });
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => ask(i % 2 ? b : a, i)));
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(7);
    expect(codes.filter((c) => c === 409)).toHaveLength(3);
    const [ours] = await a.db
      .select({ paise: sql<number>`sum(${refunds.amountPaise})::int`, n: sql<number>`count(*)::int` })
      .from(refunds)
      .where(eq(refunds.orderId, orderId));
    expect(ours).toEqual({ paise: 210_000, n: 7 });
    const [theirs] = await a.db
      .select({ paise: sql<number>`sum(${sandboxRefunds.amountPaise})::int` })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentId, pid));
    expect(theirs!.paise).toBe(210_000);
    const statuses = await a.db
      .select({ s: refunds.status })
      .from(refunds)
      .where(eq(refunds.orderId, orderId));
    expect(statuses.every((r) => r.s === 'processed')).toBe(true);
  });
});
