import { type MyOrder, type MyOrdersReply, SANDBOX_UPI } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../test/accounts';
import { fillCart, insertProduct, type Shopper, shopper } from '../../../../test/fixtures/checkout';
import { paymentRows, placeOrder, sandboxWebhookRows } from '../../../../test/fixtures/payments';
import { createTestApp, type TestApp } from '../../../../test/helpers';
import { sandboxPayments } from '../../../db/schema/payments';
import { findOrderById } from '../../orders/orders.repo';

describe('the sandbox takes UPI and net banking beside cards, and the order says how it was paid', () => {
  let t: TestApp;
  let lamp: string;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    lamp = await insertProduct(t.db, { name: 'Brass Lamp', pricePaise: 80_000, countInStock: 1000 });
  });
  afterAll(async () => t.close());

  /** A new shopper with one lamp in the cart, and the order placed for it. */
  async function placed(): Promise<{ s: Shopper; orderId: string; providerOrderId: string }> {
    const s = await shopper(t, `payer${++n}@example.com`);
    await fillCart(t.db, s.id, [{ productId: lamp, quantity: 1 }]);
    const order = await placeOrder(t, s);
    return { s, orderId: order.orderId, providerOrderId: order.razorpayOrderId };
  }
  const pay = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/payments/sandbox/pay', payload });
  const myOrder = async (s: Shopper, orderId: string): Promise<MyOrder> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/myorders', headers: s.auth });
    return (res.json() as MyOrdersReply).orders.find((o) => o._id === orderId)!;
  };
  const status = async (orderId: string) => (await findOrderById(t.db, orderId))!.status;

  it('pays by UPI with success@razorpay: the webhooks name the method and address, the order says UPI', async () => {
    const { s, orderId, providerOrderId } = await placed();
    const res = await pay({ orderId: providerOrderId, method: 'upi', vpa: ' Success@Razorpay ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'captured', razorpay_order_id: providerOrderId });
    await t.deps.payments.runDue!();
    expect(await status(orderId)).toBe('Processing');
    expect((await myOrder(s, orderId)).paidWith).toBe('upi');
    const [payment] = await paymentRows(t.db, orderId);
    expect(payment).toMatchObject({ status: 'captured', method: 'upi' });
    const captured = (await sandboxWebhookRows(t.db))
      .filter((row) => row.body.includes(providerOrderId) && row.event === 'payment.captured')
      .map((row) => JSON.parse(row.body).payload.payment.entity);
    expect(captured).toEqual([expect.objectContaining({ method: 'upi', vpa: SANDBOX_UPI.success })]);
  });

  it('fails by UPI with failure@razorpay: a failed attempt, the order still waiting to be paid', async () => {
    const { s, orderId, providerOrderId } = await placed();
    const res = await pay({ orderId: providerOrderId, method: 'upi', vpa: SANDBOX_UPI.failure });
    expect(res.json()).toMatchObject({
      status: 'failed',
      error: { description: 'The payment was declined in the UPI app. Try again.' },
    });
    await t.deps.payments.runDue!();
    expect(await status(orderId)).toBe('Pending');
    expect((await myOrder(s, orderId)).paidWith).toBeNull();
  });

  it('refuses a malformed UPI ID and one that is not a test address, naming the field', async () => {
    const { providerOrderId } = await placed();
    const malformed = await pay({ orderId: providerOrderId, method: 'upi', vpa: 'not an id' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      message: 'Enter a UPI ID such as name@bank.',
      fields: { vpa: expect.any(String) },
    });
    const real = await pay({ orderId: providerOrderId, method: 'upi', vpa: 'asha@okicici' });
    expect(real.statusCode).toBe(400);
    expect(real.json().message).toContain(SANDBOX_UPI.success);
    const rows = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.orderId, providerOrderId));
    expect(rows).toEqual([]);
  });

  it('pays by net banking when approved at the bank, and fails when refused there', async () => {
    const refused = await placed();
    const no = await pay({
      orderId: refused.providerOrderId,
      method: 'netbanking',
      bank: 'HDFC',
      approve: false,
    });
    expect(no.json()).toMatchObject({ status: 'failed' });

    const approved = await placed();
    const yes = await pay({
      orderId: approved.providerOrderId,
      method: 'netbanking',
      bank: 'HDFC',
      approve: true,
    });
    expect(yes.json()).toMatchObject({ status: 'captured' });
    await t.deps.payments.runDue!();
    expect(await status(approved.orderId)).toBe('Processing');
    expect((await myOrder(approved.s, approved.orderId)).paidWith).toBe('netbanking');
    expect(await status(refused.orderId)).toBe('Pending');

    const unknown = await pay({ orderId: refused.providerOrderId, method: 'netbanking', bank: 'XXXX' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fields: { bank: 'Choose a bank' } });
  });

  it('still takes the card form as before (no method sent), and says Card', async () => {
    const { s, orderId, providerOrderId } = await placed();
    const res = await pay({
      orderId: providerOrderId,
      cardNumber: '4111 1111 1111 1111',
      expiry: '12/40',
      cvv: '123',
    });
    expect(res.json()).toMatchObject({ status: 'captured' });
    await t.deps.payments.runDue!();
    expect((await myOrder(s, orderId)).paidWith).toBe('card');
  });

  it('says "manual" when the admin records the payment, and nothing once it is marked unpaid again', async () => {
    const admin = await signUp(t, 'admin@example.com', { admin: true });
    const { s, orderId } = await placed();
    const mark = (paymentStatus: 'Paid' | 'Unpaid') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/orders/mark-paid/${orderId}`,
        headers: admin.auth,
        payload: { paymentStatus },
      });
    expect((await mark('Paid')).statusCode).toBe(200);
    expect((await myOrder(s, orderId)).paidWith).toBe('manual');
    const admins = await t.app.inject({
      method: 'GET',
      url: `/api/orders/order/${orderId}`,
      headers: admin.auth,
    });
    expect(admins.json().paidWith).toBe('manual');
    expect((await mark('Unpaid')).statusCode).toBe(200);
    expect((await myOrder(s, orderId)).paidWith).toBeNull();
  });
});
