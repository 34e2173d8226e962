import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp } from '../../../../test/accounts';
import { ManualBackground } from '../../../../test/background';
import { ManualClock } from '../../../../test/clock';
import {
  couponUses,
  fillCart,
  insertCoupon,
  insertProduct,
  type Shopper,
  shopper,
  stockOf,
} from '../../../../test/fixtures/checkout';
import {
  payInSandbox,
  paymentRows,
  placeOrder,
  sandboxWebhookRows,
} from '../../../../test/fixtures/payments';
import { createTestApp, type TestApp } from '../../../../test/helpers';
import { auditLog } from '../../../db/schema/admin';
import { findOrderById, findStatusHistory } from '../../orders/orders.repo';
import type { SandboxProvider } from './sandbox-provider';

const MINUTE = 60_000;

describe("the sandbox's webhooks: an outbox, redelivered until acknowledged", () => {
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  const background = new ManualBackground();
  let t: TestApp;
  let asha: Shopper;
  let lamp: string;
  /** When the shop's endpoint is "down", the sandbox's sends get this status instead of reaching it. */
  let endpoint: { down: boolean; sent: { event: string; at: number }[] };

  const sandbox = () => t.deps.payments as SandboxProvider;
  const rowsOf = async (providerOrderId: string) =>
    (await sandboxWebhookRows(t.db)).filter((row) => row.body.includes(providerOrderId));
  const status = async (orderId: string) => (await findOrderById(t.db, orderId))!.status;
  /** The process that took the payment died before its background work ran. */
  const processDied = () => background.queued.splice(0);

  beforeAll(async () => {
    t = await createTestApp({}, { clock, background });
    sandbox().connectWebhooks(async (body, headers) => {
      endpoint.sent.push({ event: JSON.parse(body).event, at: clock.now().getTime() });
      if (endpoint.down) return 503;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: body,
        headers,
      });
      return res.statusCode;
    });
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    clock.advance(MINUTE);
    await background.flush();
    endpoint = { down: false, sent: [] };
    asha = await shopper(t, `asha${Math.floor(Math.random() * 1e9)}@example.com`);
    lamp = await insertProduct(t.db, { name: 'Desk Lamp', pricePaise: 100_000, countInStock: 3 });
  });

  it('writes the webhooks in the payment’s own transaction and delivers them after the reply, once acknowledged', async () => {
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }]);
    const order = await placeOrder(t, asha);
    await payInSandbox(t, order.razorpayOrderId);
    const queued = await rowsOf(order.razorpayOrderId);
    expect(queued.map((w) => [w.event, w.status, w.attempts])).toEqual([
      ['payment.authorized', 'pending', 0],
      ['payment.captured', 'pending', 0],
      ['order.paid', 'pending', 0],
    ]);
    expect(await status(order.orderId)).toBe('Pending');

    await background.flush();
    const delivered = await rowsOf(order.razorpayOrderId);
    expect(delivered.map((w) => [w.status, w.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
      ['delivered', 1],
    ]);
    expect(await status(order.orderId)).toBe('Processing');
    // Acknowledged events are never sent again.
    clock.advance(60 * MINUTE);
    await t.services.payments.runDue();
    expect(endpoint.sent).toHaveLength(3);
  });

  it("retries an unacknowledged webhook with Razorpay's backoff (1, 2, 4 … minutes apart) until the shop answers", async () => {
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }]);
    const order = await placeOrder(t, asha);
    const paidAt = clock.now().getTime();
    endpoint.down = true;
    await payInSandbox(t, order.razorpayOrderId);
    await background.flush();
    clock.advance(MINUTE / 2);
    await t.services.payments.runDue();
    const attemptsAt = () =>
      endpoint.sent.filter((s) => s.event === 'payment.captured').map((s) => (s.at - paidAt) / MINUTE);
    expect(attemptsAt()).toEqual([0]);

    clock.advance(MINUTE / 2);
    await t.services.payments.runDue();
    clock.advance(2 * MINUTE);
    // Reconciliation's first look at the sandbox is 2 minutes after the provider order was made:
    // keep it out of this test by paying the order only through webhooks.
    await t.db.execute(
      `update payments set next_check_at = null where provider_order_id = '${order.razorpayOrderId}'`,
    );
    await t.services.payments.runDue();
    expect(attemptsAt()).toEqual([0, 1, 3]);
    expect(await status(order.orderId)).toBe('Pending');

    endpoint.down = false;
    clock.advance(3 * MINUTE);
    await t.services.payments.runDue();
    expect(attemptsAt()).toEqual([0, 1, 3]);
    clock.advance(MINUTE);
    await t.services.payments.runDue();
    expect(attemptsAt()).toEqual([0, 1, 3, 7]);
    expect((await rowsOf(order.razorpayOrderId)).map((w) => [w.status, w.attempts])).toEqual([
      ['delivered', 4],
      ['delivered', 4],
      ['delivered', 4],
    ]);
    expect(await status(order.orderId)).toBe('Processing');
  });

  it('gives a webhook up 24 hours after the event, as Razorpay does; the reconciliation has paid the order long before', async () => {
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }]);
    const order = await placeOrder(t, asha);
    endpoint.down = true;
    await payInSandbox(t, order.razorpayOrderId);
    await background.flush();
    for (let i = 0; i < 40; i++) {
      const pending = (await rowsOf(order.razorpayOrderId)).filter((w) => w.status === 'pending');
      if (pending.length === 0) break;
      const due = Math.min(...pending.map((w) => w.nextAttemptAt.getTime()));
      clock.advance(Math.max(0, due - clock.now().getTime()));
      await t.services.payments.runDue();
    }
    const rows = await rowsOf(order.razorpayOrderId);
    expect(rows.map((w) => [w.status, w.attempts])).toEqual([
      ['failed', 12],
      ['failed', 12],
      ['failed', 12],
    ]);
    expect(rows[0]!.lastError).toBe('the shop answered 503');
    // The reconciliation asked the sandbox at its first round after the 2-minute check (the third
    // minute here, when the webhooks' second retry was due) and found the payment.
    expect(await status(order.orderId)).toBe('Processing');
    const history = await findStatusHistory(t.db, order.orderId);
    expect(history.at(-1)!.note).toContain('found at the provider by the reconciliation');
    expect(history.at(-1)!.createdAt.getTime() - history[0]!.createdAt.getTime()).toBe(3 * MINUTE);
  });

  it('pays an order whose webhooks never went out (the process died) when it would expire, instead of cancelling it', async () => {
    const coupon = await insertCoupon(t.db, {
      code: `DIED${Math.floor(Math.random() * 1e6)}`,
      discount: 10,
      usageLimit: 5,
    });
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 2 }], coupon);
    const order = await placeOrder(t, asha);
    await payInSandbox(t, order.razorpayOrderId);
    processDied();
    await t.db.execute(
      `update payments set next_check_at = null where provider_order_id = '${order.razorpayOrderId}'`,
    );
    clock.advance(31 * MINUTE);
    expect(await t.services.orders.expireDue()).toBe(0);
    expect(await status(order.orderId)).toBe('Processing');
    expect((await findStatusHistory(t.db, order.orderId)).at(-1)!.note).toContain(
      'found at the provider before the order expired',
    );
    expect(await stockOf(t.db, lamp)).toBe(1);
    expect(await couponUses(t.db, coupon)).toBe(1);
    expect((await paymentRows(t.db, order.orderId))[0]).toMatchObject({ status: 'captured' });

    // Its webhooks still go out, and change nothing.
    await t.services.payments.runDue();
    expect((await rowsOf(order.razorpayOrderId)).every((w) => w.status === 'delivered')).toBe(true);
    expect(await findStatusHistory(t.db, order.orderId)).toHaveLength(2);
  });

  it('honours a payment made after its order expired whose webhooks were lost while stock allows, and refunds it once when not', async () => {
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 2 }]);
    const kept = await placeOrder(t, asha);
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }]);
    const sold = await placeOrder(t, asha);
    clock.advance(31 * MINUTE);
    expect(await t.services.orders.expireDue()).toBeGreaterThanOrEqual(2);
    expect(await stockOf(t.db, lamp)).toBe(3);

    // Another shopper buys two while the first two orders sit cancelled.
    const ravi = await shopper(t, `ravi${Math.floor(Math.random() * 1e9)}@example.com`);
    await fillCart(t.db, ravi.id, [{ productId: lamp, quantity: 2 }]);
    await placeOrder(t, ravi);

    await payInSandbox(t, sold.razorpayOrderId);
    await payInSandbox(t, kept.razorpayOrderId);
    processDied();
    await t.db.execute(`update sandbox_webhooks set status = 'failed' where status = 'pending'`);
    clock.advance(90 * MINUTE);
    await t.services.payments.runDue();
    await t.services.payments.runDue();

    // Paid first, the one-unit order took the last unit back; the other could not be honoured.
    expect(await status(sold.orderId)).toBe('Processing');
    expect(await status(kept.orderId)).toBe('Cancelled');
    expect(await stockOf(t.db, lamp)).toBe(0);
    const [refunded] = await paymentRows(t.db, kept.orderId);
    expect(refunded).toMatchObject({ status: 'refunded', providerRefundId: expect.stringMatching(/^rfnd_/) });
    const atSandbox = await sandbox().fetchOrderPayments(kept.razorpayOrderId);
    expect(atSandbox.map((p) => [p.status, p.amountPaise])).toEqual([['refunded', refunded!.amountPaise]]);
  });

  it('pays an order an admin marks as paid by the payment the sandbox holds for it, not by a hand-recorded one', async () => {
    const admin = await signUp(t, `owner${Math.floor(Math.random() * 1e9)}@example.com`, { admin: true });
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 1 }]);
    const order = await placeOrder(t, asha);
    await payInSandbox(t, order.razorpayOrderId);
    processDied();
    // The shopper says she paid; the admin, seeing no webhook ever came, marks the order paid.
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/mark-paid/${order.orderId}`,
      headers: admin.auth,
      payload: { paymentStatus: 'Paid' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ isPaid: true, status: 'Processing' });
    const rows = await paymentRows(t.db, order.orderId);
    expect(rows.map((p) => [p.provider, p.status])).toEqual([['sandbox', 'captured']]);
    const paid = (await findStatusHistory(t.db, order.orderId)).find((h) => h.toStatus === 'Processing');
    expect(paid).toMatchObject({
      actor: 'system',
      note: expect.stringContaining('when an admin marked it paid'),
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, order.orderId))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit).toMatchObject({ action: 'order.payment', actorId: admin.id });
    // Its webhooks, delivered late, change nothing; nothing is refunded.
    await t.services.payments.runDue();
    expect((await paymentRows(t.db, order.orderId))[0]!.status).toBe('captured');
    expect(await findStatusHistory(t.db, order.orderId)).toHaveLength(2);
  });
});
