import type { Dashboard, OrderPaymentReply, OrderRefunds } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import { fillCart, insertProduct, ORDER_BODY, type Shopper, shopper } from '../../../test/fixtures/checkout';
import { appOnRazorpay, payAtRazorpay } from '../../../test/fixtures/razorpay';
import type { TestApp } from '../../../test/helpers';
import type { RazorpayServer } from '../../../test/razorpay-server';
import { auditLog } from '../../db/schema/admin';
import { refunds } from '../../db/schema/after-sale';
import { messageOutbox } from '../../db/schema/messages';
import { payments } from '../../db/schema/orders';
import { REFUND_TRANSITIONS } from './refund-lifecycle';
import { findAllowedRefundMoves } from './refunds.repo';

const KEYS = {
  keyId: 'rzp_test_Shop0002',
  keySecret: 'key-secret-0002',
  webhookSecret: 'webhook-secret-0002',
};

describe('refunds through Razorpay (the SDK’s client against a local server speaking its API)', () => {
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  let razorpay: RazorpayServer;
  let t: TestApp;
  let admin: Account;
  let asha: Shopper;

  const inject = (options: InjectOptions) => t.app.inject(options);
  const refund = (orderId: string, amount: number, key?: string, reason = 'Damaged in transit') =>
    inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds`,
      headers: { ...admin.auth, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { amount, reason },
    });
  const refundsOf = async (orderId: string) =>
    (
      await inject({ method: 'GET', url: `/api/admin/orders/${orderId}/refunds`, headers: admin.auth })
    ).json<OrderRefunds>();
  const webhook = (hook: { body: string; headers: Record<string, string> }) =>
    inject({ method: 'POST', url: '/api/payments/webhook', payload: hook.body, headers: hook.headers });

  /** A ₹2,200 order (₹2,000 + tax), paid at Razorpay and verified. */
  const paidOrder = async () => {
    const lamp = await insertProduct(t.db, { name: 'Desk Lamp', pricePaise: 100_000, countInStock: 10 });
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 2 }]);
    const placed = await inject({
      method: 'POST',
      url: '/api/orders',
      headers: asha.auth,
      payload: { ...ORDER_BODY, email: asha.email },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<OrderPaymentReply>();
    const { paymentId } = await payAtRazorpay(t, razorpay, asha, order);
    return { orderId: order.orderId, paymentId };
  };

  beforeAll(async () => {
    ({ t, razorpay } = await appOnRazorpay(KEYS, clock));
    admin = await signUp(t, 'admin@example.com', { admin: true });
  });
  afterAll(async () => {
    await t.close();
    await razorpay.close();
  });
  beforeEach(async () => {
    clock.advance(60_000);
    asha = await shopper(t, `asha${Math.floor(Math.random() * 1e9)}@example.com`);
  });

  it('holds the same refund moves in the database as in the table', async () => {
    const pairs = (l: { from: string; to: string }[]) => l.map((p) => `${p.from}→${p.to}`).sort();
    const db = (await findAllowedRefundMoves(t.db)).map((m) => ({ from: m.fromStatus, to: m.toStatus }));
    expect(pairs(db)).toEqual(pairs([...REFUND_TRANSITIONS]));
  });

  it('refunds part, then the rest, never more than was captured; each with its reason, audited, mailed', async () => {
    const { orderId, paymentId } = await paidOrder();
    const first = await refund(orderId, 500.5);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<OrderRefunds>()).toMatchObject({
      refunded: 500.5,
      remaining: 1699.5,
      refunds: [{ amount: 500.5, status: 'processed', reason: 'Damaged in transit', kind: 'admin' }],
    });
    const call = razorpay.requests.find((r) => r.url === `/v1/payments/${paymentId}/refund`)!;
    expect(call.body).toMatchObject({ amount: 50_050, speed: 'normal' });
    const over = await refund(orderId, 1700);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('At most ₹1,699.50 of this order’s payment remains to refund.');
    expect((await refund(orderId, 0.001)).statusCode).toBe(400);
    expect((await refund(orderId, 1699.5)).statusCode).toBe(201);
    const full = await refund(orderId, 1);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('This order’s payment has been refunded in full already.');
    expect(razorpay.refunds.filter((r) => r.payment_id === paymentId).reduce((s, r) => s + r.amount, 0)).toBe(
      220_000,
    );
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, orderId));
    expect(audits.filter((a) => a.action === 'order.refund')).toHaveLength(2);
    const mails = await t.db.select().from(messageOutbox).where(eq(messageOutbox.orderId, orderId));
    expect(mails.filter((m) => m.purpose === 'refund_issued' && m.channel === 'email')).toHaveLength(2);
    // An unknown order is 404; a shopper cannot refund.
    expect((await refund('00000000-0000-4000-8000-000000000000', 1)).statusCode).toBe(404);
    const asShopper = await inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds`,
      headers: asha.auth,
      payload: { amount: 1, reason: 'x' },
    });
    expect(asShopper.statusCode).toBe(403);
  });

  it('pays once a refund replayed three times, the first reply lost: one key, one refund at Razorpay', async () => {
    const { orderId, paymentId } = await paidOrder();
    razorpay.loseRefundReplies(1);
    const key = 'refund-key-0001';
    const replies = [];
    for (let i = 0; i < 3; i++) replies.push(await refund(orderId, 300, key));
    for (const r of replies) expect(r.statusCode, r.body).toBe(201);
    // The lost reply left it pending; the job asks again with the same key and learns it was made.
    clock.advance(3 * 60_000);
    await t.app.services.payments.runDue();
    const made = razorpay.refunds.filter((r) => r.payment_id === paymentId);
    expect(made).toHaveLength(1);
    const asked = razorpay.requests.filter((r) => r.url === `/v1/payments/${paymentId}/refund`);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    const after = await refundsOf(orderId);
    expect(after).toMatchObject({ refunded: 300, remaining: 1900, refunds: [{ status: 'processed' }] });
    expect(after.refunds).toHaveLength(1);
    // The same key for another amount is refused.
    expect((await refund(orderId, 301, key)).statusCode).toBe(409);
  });

  it('settles a refund by its webhook arriving before the reply is stored, after it, and twice', async () => {
    const { orderId, paymentId } = await paidOrder();
    // Before: Razorpay made it, the reply was lost, and refund.processed comes first.
    razorpay.loseRefundReplies(1);
    expect((await refund(orderId, 100)).statusCode).toBe(201);
    expect((await refundsOf(orderId)).refunds[0]!.status).toBe('pending');
    const made = razorpay.refunds.filter((r) => r.payment_id === paymentId).at(-1)!;
    const hook = razorpay.refundWebhook('refund.processed', made);
    expect((await webhook(hook)).statusCode).toBe(200);
    expect((await refundsOf(orderId)).refunds[0]).toMatchObject({
      status: 'processed',
      providerRefundId: made.id,
    });
    // Twice: the same event, and another event saying the same.
    expect((await webhook(hook)).json()).toEqual({ status: 'duplicate' });
    expect((await webhook(razorpay.refundWebhook('refund.processed', made))).statusCode).toBe(200);
    // After: a refund already processed from the reply; the webhook changes nothing.
    expect((await refund(orderId, 200)).statusCode).toBe(201);
    const second = razorpay.refunds.filter((r) => r.payment_id === paymentId).at(-1)!;
    expect((await webhook(razorpay.refundWebhook('refund.processed', second))).statusCode).toBe(200);
    // refund.failed after processed does not undo it.
    await webhook(razorpay.refundWebhook('refund.failed', second));
    const list = await refundsOf(orderId);
    expect(list.refunds.map((r) => r.status)).toEqual(['processed', 'processed']);
    expect(list.refunded).toBe(300);
    const rows = await t.db.select().from(messageOutbox).where(eq(messageOutbox.orderId, orderId));
    expect(rows.filter((m) => m.purpose === 'refund_issued' && m.channel === 'email')).toHaveLength(2);
  });

  it('a refund.failed gives the amount back to refund again', async () => {
    const { orderId, paymentId } = await paidOrder();
    razorpay.loseRefundReplies(1);
    await refund(orderId, 2200);
    const made = razorpay.refunds.filter((r) => r.payment_id === paymentId).at(-1)!;
    await webhook(razorpay.refundWebhook('refund.failed', made));
    expect(await refundsOf(orderId)).toMatchObject({
      refunded: 0,
      remaining: 2200,
      refunds: [{ status: 'failed' }],
    });
  });

  it('the database refuses refunds past the payment, whatever writes them', async () => {
    const { orderId } = await paidOrder();
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    const row = (key: string, amountPaise: number) => ({
      orderId,
      paymentId: payment!.id,
      amountPaise,
      reason: 'by hand',
      kind: 'admin' as const,
      idempotencyKey: key,
    });
    await t.db.insert(refunds).values(row('db-1', 200_000));
    await expect(t.db.insert(refunds).values(row('db-2', 20_001))).rejects.toThrow();
    await t.db.insert(refunds).values(row('db-3', 20_000));
  });

  it('counts revenue net of refunds', async () => {
    const revenue = async () =>
      (await inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.auth })).json<Dashboard>()
        .revenue;
    const before = await revenue();
    const { orderId } = await paidOrder();
    expect(await revenue()).toBe(before + 2200);
    await refund(orderId, 200.25);
    expect(await revenue()).toBeCloseTo(before + 1999.75, 2);
  });
});
