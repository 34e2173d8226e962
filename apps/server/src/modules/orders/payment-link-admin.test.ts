import type { AdminPaymentLinkReply, CodOrderReply, OrderPaymentReply } from '@bazaar/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import { fillCart, insertProduct, ORDER_BODY } from '../../../test/fixtures/checkout';
import { defaultZoneBody, deliveryCalls } from '../../../test/fixtures/delivery';
import { messageRows } from '../../../test/fixtures/messages';
import { recordShipment } from '../../../test/fixtures/orders';
import { appOnRazorpay } from '../../../test/fixtures/razorpay';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { RazorpayServer } from '../../../test/razorpay-server';
import { auditLog } from '../../db/schema/admin';
import { orderStatusHistory, orders, paymentLinks, payments } from '../../db/schema/orders';
import { outboxEmails } from '../../db/schema/users';
import { orderNumber } from './order-number';

const KEYS = {
  keyId: 'rzp_test_AdminLinks01',
  keySecret: 'key-secret-admin-links',
  webhookSecret: 'webhook-secret-admin-links',
};

/** A shop with COD on, an admin, a shopper and a lamp; how to place orders and send links. */
async function shopOn(t: TestApp) {
  const admin = await signUp(t, 'admin@example.com', { admin: true });
  const shopper = await signUp(t, 'asha@example.com', { name: 'Asha Rao' });
  const productId = await insertProduct(t.db, { name: 'Brass Lamp', pricePaise: 50_000, countInStock: 50 });
  const zone = await deliveryCalls(() => t.app, admin.auth).defaultZone(
    defaultZoneBody({ cod: true, codFee: 30 }),
  );
  expect(zone.statusCode, zone.body).toBe(200);
  const place = async (paymentMethod: 'razorpay' | 'cod', who: Account = shopper) => {
    await fillCart(t.db, who.id, [{ productId, quantity: 1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: who.auth,
      payload: { ...ORDER_BODY, email: who.email, paymentMethod },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<OrderPaymentReply & CodOrderReply>();
  };
  const sendLink = (orderId: string, auth = admin.auth) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/payment-link`, headers: auth });
  const setStatus = (id: string, status: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/orders/status/${id}`,
      headers: admin.auth,
      payload: { orderStatus: status },
    });
  return { admin, shopper, place, sendLink, setStatus };
}

const orderRow = async (t: TestApp, id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** The mail the outbox sent for the order's payment link (the outbox of a shop without SMTP). */
async function linkMail(t: TestApp, orderId: string) {
  for (let i = 0; i < 100; i++) {
    await t.services.notify.runDue();
    const mail = (await t.db.select().from(outboxEmails)).find((m) =>
      m.subject.includes(`pay for your order #${orderNumber(orderId)}`),
    );
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no payment link mail');
}

describe('the admin sends a Razorpay payment link for an unpaid order (the SDK against the local Razorpay server)', () => {
  const clock = new ManualClock('2026-03-02T06:00:00.000Z');
  let t: TestApp;
  let razorpay: RazorpayServer;
  let shop: Awaited<ReturnType<typeof shopOn>>;

  beforeAll(async () => {
    ({ t, razorpay } = await appOnRazorpay(KEYS, clock));
    shop = await shopOn(t);
  });
  afterAll(async () => {
    await t?.close();
    await razorpay?.close();
  });

  const webhook = (hook: { body: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload: hook.body, headers: hook.headers });
  const linkOf = async (orderId: string) =>
    (await t.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, orderId)))[0]!;
  const captured = async (orderId: string) =>
    (await t.db.select().from(payments).where(eq(payments.orderId, orderId))).filter(
      (p) => p.status === 'captured',
    );
  const movesToProcessing = async (orderId: string) =>
    t.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, 'Processing')));

  it('mails the link of a card order awaiting payment, audited; only admins may', async () => {
    const order = await shop.place('razorpay');
    expect((await shop.sendLink(order.orderId, shop.shopper.auth)).statusCode).toBe(403);
    const res = await shop.sendLink(order.orderId);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<AdminPaymentLinkReply>();
    expect(reply).toMatchObject({
      message: 'Payment link sent to the shopper',
      via: 'payment_link',
      order: { _id: order.orderId, isPaid: false },
    });
    const link = await linkOf(order.orderId);
    expect(link).toMatchObject({ shortUrl: reply.url, amountPaise: order.amount, status: 'created' });
    const created = razorpay.requests.filter((r) => r.method === 'POST' && r.url === '/v1/payment_links');
    expect(created.at(-1)!.body).toMatchObject({ amount: order.amount, reference_id: order.orderId });
    const mail = await linkMail(t, order.orderId);
    expect(mail.to).toBe('asha@example.com');
    expect(mail.text).toContain(reply.url);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.payment_link_sent'), eq(auditLog.entityId, order.orderId)));
    expect(audit).toMatchObject({
      actorId: shop.admin.id,
      entity: 'order',
      after: { url: reply.url, via: 'payment_link', totalPaise: order.amount },
    });
    // A double click sends one message; sent again later: the same open link, a second message.
    expect((await shop.sendLink(order.orderId)).statusCode).toBe(200);
    const queuedOnce = (await messageRows(t.db)).filter(
      (m) => m.orderId === order.orderId && m.purpose === 'payment_link' && m.channel === 'email',
    );
    expect(queuedOnce).toHaveLength(1);
    clock.advance(2 * 60_000);
    const again = (await shop.sendLink(order.orderId)).json<AdminPaymentLinkReply>();
    expect(again.url).toBe(reply.url);
    expect(
      razorpay.requests.filter((r) => r.method === 'POST' && r.url === '/v1/payment_links'),
    ).toHaveLength(created.length);
    const queued = (await messageRows(t.db)).filter(
      (m) => m.orderId === order.orderId && m.purpose === 'payment_link' && m.channel === 'email',
    );
    expect(queued).toHaveLength(2);
  });

  it('settles a card order once when its link is paid, the webhook delivered twice and payment.captured too', async () => {
    const order = await shop.place('razorpay');
    expect((await shop.sendLink(order.orderId)).statusCode).toBe(200);
    const link = await linkOf(order.orderId);
    const { payment } = razorpay.payLink(link.linkId, 'upi');
    const hook = razorpay.linkWebhook(link.linkId);
    expect((await webhook(hook)).statusCode).toBe(200);
    expect((await webhook(hook)).statusCode).toBe(200); // redelivered
    expect((await webhook(razorpay.linkWebhook(link.linkId))).statusCode).toBe(200); // another event id
    expect((await webhook(razorpay.webhook('payment.captured', payment as never))).statusCode).toBe(200);
    const paid = await orderRow(t, order.orderId);
    expect(paid).toMatchObject({ status: 'Processing', paymentMethod: 'razorpay', paidWith: 'upi' });
    expect(paid.paidAt).not.toBeNull();
    expect(await captured(order.orderId)).toEqual([
      expect.objectContaining({ providerPaymentId: payment.id, amountPaise: order.amount }),
    ]);
    expect(await movesToProcessing(order.orderId)).toHaveLength(1);
    expect((await linkOf(order.orderId)).status).toBe('paid');
    // Paid: no further link.
    const refused = await shop.sendLink(order.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This order is already paid: there is nothing to send a payment link for.',
    );
  });

  it('settles once when the link webhook races another delivery and payment.captured', async () => {
    const order = await shop.place('razorpay');
    expect((await shop.sendLink(order.orderId)).statusCode).toBe(200);
    const link = await linkOf(order.orderId);
    const { payment } = razorpay.payLink(link.linkId, 'card');
    const replies = await Promise.all([
      webhook(razorpay.linkWebhook(link.linkId)),
      webhook(razorpay.linkWebhook(link.linkId)),
      webhook(razorpay.webhook('payment.captured', payment as never)),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'Processing', paidWith: 'card' });
    expect(await captured(order.orderId)).toHaveLength(1);
    expect(await movesToProcessing(order.orderId)).toHaveLength(1);
  });

  it('refuses, with the reason, a cancelled order, a shipped one, an unknown one, and one past its window', async () => {
    const cancelled = await shop.place('razorpay');
    expect((await shop.setStatus(cancelled.orderId, 'Cancelled')).statusCode).toBe(200);
    const onCancelled = await shop.sendLink(cancelled.orderId);
    expect(onCancelled.statusCode).toBe(409);
    expect(onCancelled.json().message).toContain('was cancelled');

    const cod = await shop.place('cod', await signUp(t, 'ravi@example.com'));
    expect((await shop.setStatus(cod.orderId, 'Processing')).statusCode).toBe(200);
    await recordShipment(t.db, cod.orderId);
    expect((await shop.setStatus(cod.orderId, 'Shipped')).statusCode).toBe(200);
    const onShipped = await shop.sendLink(cod.orderId);
    expect(onShipped.statusCode).toBe(409);
    expect(onShipped.json().message).toContain('This order is Shipped');

    expect((await shop.sendLink('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await shop.sendLink('not-an-id')).statusCode).toBe(404);

    const late = await shop.place('razorpay', await signUp(t, 'meera@example.com'));
    await t.db.update(orders).set({ expiresAt: clock.now() }).where(eq(orders.id, late.orderId));
    const onLate = await shop.sendLink(late.orderId);
    expect(onLate.statusCode).toBe(409);
    expect(onLate.json().message).toContain('payment window has closed');
    expect(await linkOf(late.orderId)).toBeUndefined();
  });

  it('sends a link for a COD order awaiting confirmation too; paid, it is a prepaid order', async () => {
    const nila = await signUp(t, 'nila@example.com', { name: 'Nila' });
    const order = await shop.place('cod', nila);
    const res = await shop.sendLink(order.orderId);
    expect(res.statusCode, res.body).toBe(200);
    const link = await linkOf(order.orderId);
    razorpay.payLink(link.linkId, 'upi');
    expect((await webhook(razorpay.linkWebhook(link.linkId))).statusCode).toBe(200);
    expect(await orderRow(t, order.orderId)).toMatchObject({
      status: 'Processing',
      paymentMethod: 'razorpay',
      paidWith: 'upi',
    });
  });

  it('sends a link for a confirmed COD order not yet shipped; paid, it stays Processing and is prepaid, once', async () => {
    const tara = await signUp(t, 'tara@example.com', { name: 'Tara' });
    const order = await shop.place('cod', tara);
    expect((await shop.setStatus(order.orderId, 'Processing')).statusCode).toBe(200);
    expect(await orderRow(t, order.orderId)).toMatchObject({ paymentMethod: 'cod', paidAt: null });
    const res = await shop.sendLink(order.orderId);
    expect(res.statusCode, res.body).toBe(200);
    const link = await linkOf(order.orderId);
    razorpay.payLink(link.linkId, 'card');
    for (let i = 0; i < 2; i++)
      expect((await webhook(razorpay.linkWebhook(link.linkId))).statusCode).toBe(200);
    const row = await orderRow(t, order.orderId);
    expect(row).toMatchObject({ status: 'Processing', paymentMethod: 'razorpay', paidWith: 'card' });
    expect(row.paidAt).not.toBeNull();
    expect(await captured(order.orderId)).toHaveLength(1);
    // Paid: a second link is refused, and it never moved through Processing twice.
    expect((await shop.sendLink(order.orderId)).statusCode).toBe(409);
    expect(await movesToProcessing(order.orderId)).toHaveLength(1);
  });
});

describe('the admin sends a payment link in the sandbox, which has no links: the order page', () => {
  let t: TestApp;
  let shop: Awaited<ReturnType<typeof shopOn>>;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await shopOn(t);
  });
  afterAll(async () => t?.close());

  it("mails the shopper's order page, where Pay now opens the payment window", async () => {
    const order = await shop.place('razorpay');
    const res = await shop.sendLink(order.orderId);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<AdminPaymentLinkReply>();
    expect(reply.via).toBe('order_page');
    expect(reply.url).toMatch(new RegExp(`/orders/${order.orderId}$`));
    expect((await linkMail(t, order.orderId)).text).toContain(reply.url);
  });
});
