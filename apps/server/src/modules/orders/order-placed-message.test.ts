import { type CodOrderReply, formatINR, type OrderPaymentReply, paiseToRupees } from '@bazaar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualBackground } from '../../../test/background';
import { fillCart, insertProduct, ORDER_BODY } from '../../../test/fixtures/checkout';
import { defaultZoneBody } from '../../../test/fixtures/delivery';
import { messageRows, startLocalWhatsApp, whatsappMessaging } from '../../../test/fixtures/messages';
import { payInSandbox } from '../../../test/fixtures/payments';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { WhatsAppServer } from '../../../test/whatsapp-server';
import { orderNumber } from './order-number';

// "Order placed" by WhatsApp (the notifier), through the outbox, once: when an order is paid online,
// and when a cash-on-delivery order is confirmed; the local server speaks WhatsApp Cloud API.
describe('the order placed message', () => {
  let server: WhatsAppServer;
  let t: TestApp;
  let productId: string;
  const background = new ManualBackground();

  beforeAll(async () => {
    server = await startLocalWhatsApp();
    t = await createTestApp({ messaging: whatsappMessaging(server) }, { background });
    const admin = await signUp(t, 'admin@example.com', { admin: true });
    productId = await insertProduct(t.db, { name: 'Brass Lamp', pricePaise: 50_000, countInStock: 50 });
    const zone = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/delivery/default-zone',
      headers: admin.auth,
      payload: defaultZoneBody({ cod: true, codFee: 30 }),
    });
    expect(zone.statusCode, zone.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const place = async (who: Account, body: Record<string, unknown>) => {
    await fillCart(t.db, who.id, [{ productId, quantity: 1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: who.auth,
      payload: { ...ORDER_BODY, email: who.email, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res;
  };
  const placedRows = async (orderId: string) =>
    (await messageRows(t.db)).filter((m) => m.orderId === orderId && m.purpose === 'order_placed');
  /** Sends what is due (the outbox's job), and what the WhatsApp server took for the order. */
  const sent = async (orderId: string) => {
    await background.flush();
    await t.services.notify.runDue();
    return server.taken.filter(
      (m) => m.template === 'bazaar_order_placed' && m.parameters[1] === orderNumber(orderId),
    );
  };

  it('goes to the phone once when an order is paid online, however often the payment is reported', async () => {
    const asha = await signUp(t, 'asha@example.com', { name: 'Asha Rao' });
    const order = (await place(asha, { phone: '9876543210' })).json<OrderPaymentReply>();
    expect(await placedRows(order.orderId)).toEqual([]);
    const paid = await payInSandbox(t, order.razorpayOrderId);
    if (paid.status !== 'captured') throw new Error('the sandbox refused the good test card');
    const verify = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/verify',
        headers: asha.auth,
        payload: {
          orderId: order.orderId,
          paymentId: paid.razorpay_payment_id,
          signature: paid.razorpay_signature,
        },
      });
    expect((await verify()).statusCode).toBe(200);
    expect((await verify()).statusCode).toBe(200);
    // Only the phone: the paid order's mail is the order confirmation mail.
    expect(await placedRows(order.orderId)).toEqual([
      expect.objectContaining({ channel: 'whatsapp', recipient: '+919876543210' }),
    ]);
    const taken = await sent(order.orderId);
    expect(taken).toHaveLength(1);
    expect(taken[0]!.parameters).toEqual([
      'Asha Rao',
      orderNumber(order.orderId),
      formatINR(paiseToRupees(order.amount)),
      'Bazaar',
    ]);
    await t.services.payments.runDue();
    expect(await sent(order.orderId)).toHaveLength(1);
    expect(await placedRows(order.orderId)).toEqual([expect.objectContaining({ status: 'sent' })]);
  });

  it('goes once a cash-on-delivery order is confirmed, not when it is only placed', async () => {
    const ravi = await signUp(t, 'ravi@example.com', { name: 'Ravi Iyer' });
    const order = (
      await place(ravi, { name: 'Ravi Iyer', phone: '9123456789', paymentMethod: 'cod' })
    ).json<CodOrderReply>();
    const rows = await messageRows(t.db);
    expect(
      rows
        .filter((m) => m.orderId === order.orderId)
        .map((m) => `${m.purpose}/${m.channel}`)
        .sort(),
    ).toEqual(['cod_confirmation/email', 'cod_confirmation/whatsapp']);
    const confirm = () =>
      t.app.inject({ method: 'POST', url: `/api/orders/${order.orderId}/confirm-cod`, headers: ravi.auth });
    expect((await confirm()).statusCode).toBe(200);
    expect((await confirm()).statusCode).toBe(200);
    expect(await placedRows(order.orderId)).toEqual([
      expect.objectContaining({ channel: 'whatsapp', recipient: '+919123456789' }),
    ]);
    expect(await sent(order.orderId)).toHaveLength(1);
  });

  it('is not queued for a phone that is not an Indian mobile (a landline)', async () => {
    const meera = await signUp(t, 'meera@example.com', { name: 'Meera Shah' });
    const order = (await place(meera, { phone: '0802345678' })).json<OrderPaymentReply>();
    const paid = await payInSandbox(t, order.razorpayOrderId);
    if (paid.status !== 'captured') throw new Error('the sandbox refused the good test card');
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/orders/verify',
      headers: meera.auth,
      payload: {
        orderId: order.orderId,
        paymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
      },
    });
    expect(verify.statusCode).toBe(200);
    expect(await placedRows(order.orderId)).toEqual([]);
  });
});
