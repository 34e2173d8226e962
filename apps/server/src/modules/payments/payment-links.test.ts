import type { CodOrderReply, OrderPaymentReply, PayOnlineReply } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import { fillCart, insertProduct, ORDER_BODY } from '../../../test/fixtures/checkout';
import { defaultZoneBody } from '../../../test/fixtures/delivery';
import { payInSandbox } from '../../../test/fixtures/payments';
import { appOnRazorpay } from '../../../test/fixtures/razorpay';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { RazorpayServer } from '../../../test/razorpay-server';
import { orders, paymentLinks, payments } from '../../db/schema/orders';

const KEYS = {
  keyId: 'rzp_test_Links001',
  keySecret: 'key-secret-links',
  webhookSecret: 'webhook-secret-links',
};

async function codShop(t: TestApp) {
  const admin = await signUp(t, 'admin@example.com', { admin: true });
  const shopper = await signUp(t, 'asha@example.com', { name: 'Asha Rao' });
  const productId = await insertProduct(t.db, { name: 'Brass Lamp', pricePaise: 50_000, countInStock: 20 });
  const zone = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/delivery/default-zone',
    headers: admin.auth,
    payload: defaultZoneBody({ cod: true, codFee: 30 }),
  });
  expect(zone.statusCode).toBe(200);
  const placeCod = async (account: Account = shopper) => {
    await fillCart(t.db, account.id, [{ productId, quantity: 1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: account.auth,
      payload: { ...ORDER_BODY, paymentMethod: 'cod' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CodOrderReply>();
  };
  const payOnline = (orderId: string, account: Account = shopper) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/pay-online`, headers: account.auth });
  return { admin, shopper, placeCod, payOnline };
}

const orderRow = async (t: TestApp, id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('Pay now online instead, through a Razorpay Payment Link (the SDK against the local Razorpay server)', () => {
  const clock = new ManualClock('2026-03-02T06:00:00.000Z');
  let t: TestApp;
  let razorpay: RazorpayServer;
  let shop: Awaited<ReturnType<typeof codShop>>;

  beforeAll(async () => {
    ({ t, razorpay } = await appOnRazorpay(KEYS, clock));
    shop = await codShop(t);
  });
  afterAll(async () => {
    await t.close();
    await razorpay.close();
  });

  const webhook = (hook: { body: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload: hook.body, headers: hook.headers });

  it('makes one link per order with the order as its reference, and sends it again while open', async () => {
    const placed = await shop.placeCod();
    const first = await shop.payOnline(placed.orderId);
    expect(first.statusCode, first.body).toBe(200);
    const reply = first.json<PayOnlineReply>();
    expect(reply).toMatchObject({ kind: 'link', payment: null });
    const again = (await shop.payOnline(placed.orderId)).json<PayOnlineReply>();
    expect(again.url).toBe(reply.url);
    const created = razorpay.requests.filter((r) => r.method === 'POST' && r.url === '/v1/payment_links');
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toMatchObject({
      amount: Math.round(placed.total * 100),
      currency: 'INR',
      reference_id: placed.orderId,
      notify: { sms: false, email: false },
    });
    const other = await signUp(t, 'ravi@example.com');
    expect((await shop.payOnline(placed.orderId, other)).statusCode).toBe(404);
  });

  it('settles the order once when paid, whatever order and how often payment_link.paid and payment.captured come', async () => {
    const placed = await shop.placeCod();
    const { url } = (await shop.payOnline(placed.orderId)).json<PayOnlineReply>();
    const [link] = await t.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, placed.orderId));
    expect(link!.shortUrl).toBe(url);
    const { payment } = razorpay.payLink(link!.linkId, 'upi');
    // payment.captured first: the link's order is not known to the shop yet, so it is left alone.
    const captured = await webhook(razorpay.webhook('payment.captured', payment as never));
    expect(captured.statusCode).toBe(200);
    expect((await orderRow(t, placed.orderId)).status).toBe('Awaiting confirmation');
    const hook = razorpay.linkWebhook(link!.linkId);
    expect((await webhook(hook)).statusCode).toBe(200);
    expect((await webhook(hook)).statusCode).toBe(200); // redelivered: a duplicate
    expect((await webhook(razorpay.linkWebhook(link!.linkId))).statusCode).toBe(200); // a second event id
    expect((await webhook(razorpay.webhook('payment.captured', payment as never))).statusCode).toBe(200);
    const order = await orderRow(t, placed.orderId);
    expect(order).toMatchObject({
      status: 'Processing',
      paymentMethod: 'razorpay',
      paidWith: 'upi',
      isTest: false,
    });
    expect(order.paidAt).not.toBeNull();
    // The COD fee stays in the total (decision 218): the link was for the order as placed.
    expect(order.totalPaise).toBe(Math.round(placed.total * 100));
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, placed.orderId));
    expect(rows).toEqual([expect.objectContaining({ status: 'captured', providerPaymentId: payment.id })]);
    const [paidLink] = await t.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, placed.orderId));
    expect(paidLink!.status).toBe('paid');
    const history = await t.services.orders.detailOwn(shop.shopper.id, placed.orderId);
    expect(history.cod).toBeNull();
    expect((await shop.payOnline(placed.orderId)).statusCode).toBe(409);
  });
});

describe('Pay now online instead in the sandbox: the payment window', () => {
  const clock = new ManualClock('2026-03-02T06:00:00.000Z');
  let t: TestApp;
  let shop: Awaited<ReturnType<typeof codShop>>;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    shop = await codShop(t);
  });
  afterAll(async () => t.close());

  it('opens the sandbox window for the order; paid there, it is a prepaid test order', async () => {
    const placed = await shop.placeCod();
    const res = await shop.payOnline(placed.orderId);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<PayOnlineReply>();
    expect(reply.kind).toBe('checkout');
    const window = reply.payment as OrderPaymentReply;
    expect(window).toMatchObject({
      orderId: placed.orderId,
      provider: 'sandbox',
      amount: Math.round(placed.total * 100),
    });
    const paid = await payInSandbox(t, window.razorpayOrderId);
    if (paid.status !== 'captured') throw new Error('the sandbox refused the good test card');
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/orders/verify',
      headers: shop.shopper.auth,
      payload: {
        orderId: placed.orderId,
        paymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
      },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const order = await orderRow(t, placed.orderId);
    expect(order).toMatchObject({
      status: 'Processing',
      paymentMethod: 'sandbox',
      paidWith: 'card',
      isTest: true,
    });
  });

  it('lets the shopper prepay a confirmed COD order before it ships; it stays Processing, paid once', async () => {
    const placed = await shop.placeCod();
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.orderId}/confirm-cod`,
      headers: shop.shopper.auth,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const detail = await t.app.inject({ url: `/api/orders/${placed.orderId}`, headers: shop.shopper.auth });
    expect(detail.json().cod).toMatchObject({ canConfirm: false, canPayOnline: true });
    const res = await shop.payOnline(placed.orderId);
    expect(res.statusCode, res.body).toBe(200);
    const window = res.json<PayOnlineReply>().payment as OrderPaymentReply;
    const paid = await payInSandbox(t, window.razorpayOrderId);
    if (paid.status !== 'captured') throw new Error('the sandbox refused the good test card');
    const verify = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/verify',
        headers: shop.shopper.auth,
        payload: {
          orderId: placed.orderId,
          paymentId: paid.razorpay_payment_id,
          signature: paid.razorpay_signature,
        },
      });
    expect((await verify()).statusCode).toBe(200);
    expect((await verify()).statusCode).toBe(200);
    const order = await orderRow(t, placed.orderId);
    expect(order).toMatchObject({ status: 'Processing', paymentMethod: 'sandbox', paidWith: 'card' });
    expect(order.paidAt).not.toBeNull();
    const after = await t.app.inject({ url: `/api/orders/${placed.orderId}`, headers: shop.shopper.auth });
    expect(after.json().cod).toBeNull();
    expect((await shop.payOnline(placed.orderId)).json().message).toBe('This order is already paid.');
  });
});

describe('before the shop cancels an unconfirmed COD order, it asks Razorpay about its open payment link', () => {
  const clock = new ManualClock('2026-03-02T06:00:00.000Z');
  let t: TestApp;
  let razorpay: RazorpayServer;
  let shop: Awaited<ReturnType<typeof codShop>>;

  beforeAll(async () => {
    ({ t, razorpay } = await appOnRazorpay({ ...KEYS, keyId: 'rzp_test_Links002' }, clock));
    shop = await codShop(t);
  });
  afterAll(async () => {
    await t.close();
    await razorpay.close();
  });

  const linkOf = async (orderId: string) =>
    (await t.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, orderId)))[0]!;
  const linkLookups = (linkId: string) =>
    razorpay.requests.filter((r) => r.method === 'GET' && r.url === `/v1/payment_links/${linkId}`);

  it('settles a link paid whose webhook never came instead of cancelling, once, and a late webhook changes nothing', async () => {
    const placed = await shop.placeCod();
    expect((await shop.payOnline(placed.orderId)).statusCode).toBe(200);
    const link = await linkOf(placed.orderId);
    const { payment } = razorpay.payLink(link.linkId, 'upi');
    clock.advance(25 * 3600_000);
    expect(await t.services.cod.cancelUnconfirmed()).toBe(0);
    expect(linkLookups(link.linkId)).toHaveLength(1);
    const order = await orderRow(t, placed.orderId);
    expect(order).toMatchObject({ status: 'Processing', paymentMethod: 'razorpay', paidWith: 'upi' });
    expect(order.paidAt).not.toBeNull();
    expect((await linkOf(placed.orderId)).status).toBe('paid');
    // Asked again: nothing left open to ask about; the webhook arriving now settles nothing twice.
    expect(await t.services.cod.cancelUnconfirmed()).toBe(0);
    expect(linkLookups(link.linkId)).toHaveLength(1);
    const late = razorpay.linkWebhook(link.linkId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: late.body,
      headers: late.headers,
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, placed.orderId));
    expect(rows).toEqual([expect.objectContaining({ status: 'captured', providerPaymentId: payment.id })]);
    expect((await orderRow(t, placed.orderId)).status).toBe('Processing');
  });

  it('cancels one whose link is still unpaid, and waits while Razorpay cannot be asked', async () => {
    // Signed in after the first test's day went by.
    const ravi = await signUp(t, 'ravi@example.com', { name: 'Ravi Iyer' });
    const placed = await shop.placeCod(ravi);
    expect((await shop.payOnline(placed.orderId, ravi)).statusCode).toBe(200);
    const link = await linkOf(placed.orderId);
    clock.advance(24.5 * 3600_000);
    razorpay.failNext(500);
    expect(await t.services.cod.cancelUnconfirmed()).toBe(0);
    expect((await orderRow(t, placed.orderId)).status).toBe('Awaiting confirmation');
    const asked = linkLookups(link.linkId).length;
    expect(asked).toBe(1);
    // Razorpay answers: the link is open and unpaid, so the order is cancelled as any other.
    expect(await t.services.cod.cancelUnconfirmed()).toBe(1);
    expect(linkLookups(link.linkId).length).toBe(asked + 1);
    expect(await orderRow(t, placed.orderId)).toMatchObject({ status: 'Cancelled', paidAt: null });
  });

  it('cancels anyway an hour past the deadline while Razorpay stays unreachable', async () => {
    const meera = await signUp(t, 'meera@example.com', { name: 'Meera Shah' });
    const placed = await shop.placeCod(meera);
    expect((await shop.payOnline(placed.orderId, meera)).statusCode).toBe(200);
    clock.advance(25 * 3600_000);
    razorpay.failNext(500);
    expect(await t.services.cod.cancelUnconfirmed()).toBe(1);
    expect((await orderRow(t, placed.orderId)).status).toBe('Cancelled');
  });
});
