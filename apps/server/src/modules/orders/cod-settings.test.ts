import {
  type CheckoutSummary,
  type CodOrderReply,
  formatINR,
  type MyOrderDetail,
  type ShopSettings,
} from '@bazaar/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualBackground } from '../../../test/background';
import { ManualClock } from '../../../test/clock';
import { fillCart, insertProduct, ORDER_BODY } from '../../../test/fixtures/checkout';
import { defaultZoneBody, deliveryCalls } from '../../../test/fixtures/delivery';
import { messageRows, startLocalWhatsApp, whatsappMessaging } from '../../../test/fixtures/messages';
import { recordShipment } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { multipartEntries } from '../../../test/multipart';
import type { WhatsAppServer } from '../../../test/whatsapp-server';
import { auditLog } from '../../db/schema/admin';
import { orderStatusHistory, orders } from '../../db/schema/orders';
import { orderNumber } from './order-number';

// Issue 26's COD limits as shop settings (decision 220): open COD orders per account, and COD refused
// after N parcels Returned to origin; and the admin confirming a COD order by phone, with the
// message the shopper then gets (WhatsApp, through the outbox, at a local WhatsApp Cloud API server).
describe('COD limits from the shop settings, and the admin confirming a COD order', () => {
  const clock = new ManualClock('2026-03-02T06:00:00.000Z');
  const background = new ManualBackground();
  let whatsapp: WhatsAppServer;
  let t: TestApp;
  let admin: Account;
  let productId: string;
  const addressOf: Record<string, string> = {};

  beforeAll(async () => {
    whatsapp = await startLocalWhatsApp();
    t = await createTestApp({ messaging: whatsappMessaging(whatsapp) }, { clock, background });
    admin = await signUp(t, 'admin@example.com', { admin: true });
    productId = await insertProduct(t.db, { name: 'Brass Lamp', pricePaise: 50_000, countInStock: 100 });
    const zone = await deliveryCalls(() => t.app, admin.auth).defaultZone(
      defaultZoneBody({ cod: true, codFee: 40 }),
    );
    expect(zone.statusCode, zone.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await whatsapp?.close();
  });

  const saveSettings = async (fields: Record<string, string>, auth = admin.auth) => {
    const body = await multipartEntries(Object.entries(fields));
    return t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });
  };
  const placeCod = (who: Account) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: who.auth,
      payload: { ...ORDER_BODY, email: who.email, paymentMethod: 'cod' },
    });
  const placed = async (who: Account) => {
    await fillCart(t.db, who.id, [{ productId, quantity: 1 }]);
    const res = await placeCod(who);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CodOrderReply>();
  };
  const setStatus = (id: string, status: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/orders/status/${id}`,
      headers: admin.auth,
      payload: { orderStatus: status },
    });
  /** The order confirmed, shipped and refused at the door. */
  const returnedToOrigin = async (id: string) => {
    expect((await setStatus(id, 'Processing')).statusCode).toBe(200);
    await recordShipment(t.db, id);
    expect((await setStatus(id, 'Shipped')).statusCode).toBe(200);
    const rto = await setStatus(id, 'Returned to origin');
    expect(rto.statusCode, rto.body).toBe(200);
  };
  /** The checkout page's COD line for the shopper's saved address. */
  const codLine = async (who: Account) => {
    addressOf[who.id] ??= await saveAddress(who);
    await fillCart(t.db, who.id, [{ productId, quantity: 1 }]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/checkout?addressId=${addressOf[who.id]}`,
      headers: who.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CheckoutSummary>().cod;
  };
  const saveAddress = async (who: Account) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/addresses',
      headers: who.auth,
      payload: {
        name: 'Asha Rao',
        phone: '9876543210',
        line1: '12 MG Road',
        city: 'Bengaluru',
        stateCode: '29',
        pincode: '560001',
      },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json().addresses as { _id: string }[])[0]!._id;
  };

  it('has the defaults of decision 220: two open COD orders per account, no refusal for returned parcels', async () => {
    const settings = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json<ShopSettings>();
    expect(settings).toMatchObject({ codMaxOpenOrders: 2, codRefuseAfterRto: 0 });
  });

  it('validates the COD settings with the shared schema and audits a change', async () => {
    const bad = await saveSettings({ codMaxOpenOrders: '0', codRefuseAfterRto: '2.5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      codMaxOpenOrders: 'Open cash-on-delivery orders per account must be 1 to 100',
      codRefuseAfterRto: expect.stringContaining('whole number'),
    });
    const shopper = await signUp(t, 'shopper@example.com');
    expect((await saveSettings({ codMaxOpenOrders: '3' }, shopper.auth)).statusCode).toBe(403);
    const res = await saveSettings({ codMaxOpenOrders: '1', codRefuseAfterRto: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ShopSettings>()).toMatchObject({ codMaxOpenOrders: 1, codRefuseAfterRto: 0 });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.actorId, admin.id)));
    expect(entry).toMatchObject({
      summary: 'Changed codMaxOpenOrders',
      before: { codMaxOpenOrders: 2 },
      after: { codMaxOpenOrders: 1 },
    });
  });

  it('takes as many open COD orders per account as the shop set, with a clear message', async () => {
    const ravi = await signUp(t, 'ravi@example.com');
    await placed(ravi);
    await fillCart(t.db, ravi.id, [{ productId, quantity: 1 }]);
    const second = await placeCod(ravi);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'You already have 1 cash-on-delivery order on their way. Please pay online, or wait until one is delivered.',
    );
    expect((await saveSettings({ codMaxOpenOrders: '2' })).statusCode).toBe(200);
    await placed(ravi);
  });

  it('refuses COD, at checkout and when placing, to an account with as many refused parcels as the shop set', async () => {
    const kabir = await signUp(t, 'kabir@example.com');
    const other = await signUp(t, 'nila@example.com');
    const first = await placed(kabir);
    await returnedToOrigin(first.orderId);
    // Off (0): a refused parcel changes nothing.
    expect(await codLine(kabir)).toMatchObject({ available: true, fee: 40 });
    expect((await saveSettings({ codRefuseAfterRto: '2' })).statusCode).toBe(200);
    expect(await codLine(kabir)).toMatchObject({ available: true });
    const second = await placed(kabir);
    await returnedToOrigin(second.orderId);
    const reason =
      'Cash on delivery is not available for your account because 2 earlier parcels were refused at delivery and returned to us. Please pay online.';
    expect(await codLine(kabir)).toEqual({ available: false, fee: null, reason });
    await fillCart(t.db, kabir.id, [{ productId, quantity: 1 }]);
    const refused = await placeCod(kabir);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(reason);
    // Paying online is still open to them; other accounts are not affected.
    const online = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: kabir.auth,
      payload: { ...ORDER_BODY, email: kabir.email },
    });
    expect(online.statusCode, online.body).toBe(201);
    expect(await codLine(other)).toMatchObject({ available: true });
    // Hiding the refused orders from their list does not wipe the record.
    await t.db.update(orders).set({ shopperDeletedAt: clock.now() }).where(eq(orders.userId, kabir.id));
    expect(await codLine(kabir)).toMatchObject({ available: false, reason });
    // The threshold at one: a single refused parcel is enough, in the singular.
    expect((await saveSettings({ codRefuseAfterRto: '1' })).statusCode).toBe(200);
    const meera = await signUp(t, 'meera@example.com');
    await returnedToOrigin((await placed(meera)).orderId);
    expect(await codLine(meera)).toMatchObject({
      available: false,
      reason:
        'Cash on delivery is not available for your account because an earlier parcel was refused at delivery and returned to us. Please pay online.',
    });
    expect((await saveSettings({ codRefuseAfterRto: '0' })).statusCode).toBe(200);
    expect(await codLine(meera)).toMatchObject({ available: true });
  });

  it('is confirmed by the admin (by phone): Awaiting confirmation → Processing, audited, the shopper told once', async () => {
    const asha = await signUp(t, 'asha@example.com', { name: 'Asha Rao' });
    const order = await placed(asha);
    const confirm = await setStatus(order.orderId, 'Processing');
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await setStatus(order.orderId, 'Processing')).statusCode).toBe(409);
    const [history] = await t.db
      .select()
      .from(orderStatusHistory)
      .where(
        and(eq(orderStatusHistory.orderId, order.orderId), eq(orderStatusHistory.toStatus, 'Processing')),
      );
    expect(history).toMatchObject({
      fromStatus: 'Awaiting confirmation',
      actor: 'admin',
      changedBy: admin.id,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.status'), eq(auditLog.entityId, order.orderId)));
    expect(audit).toMatchObject({
      before: { status: 'Awaiting confirmation' },
      after: { status: 'Processing' },
    });
    // The shopper's order page: confirmed, nothing left to confirm, cash still due at the door.
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${order.orderId}`, headers: asha.auth })
    ).json<MyOrderDetail>();
    expect(detail.cod).toMatchObject({ canConfirm: false, cashCollected: false });
    // "Order placed" goes to their phone once (their mail was the confirmation request).
    const placedMessages = (await messageRows(t.db)).filter(
      (m) => m.orderId === order.orderId && m.purpose === 'order_placed',
    );
    expect(placedMessages).toEqual([
      expect.objectContaining({ channel: 'whatsapp', recipient: '+919876543210' }),
    ]);
    await background.flush();
    await t.services.notify.runDue();
    const taken = whatsapp.taken.filter(
      (m) => m.template === 'bazaar_order_placed' && m.parameters[1] === orderNumber(order.orderId),
    );
    expect(taken).toHaveLength(1);
    expect(taken[0]!.parameters).toEqual([
      'Asha Rao',
      orderNumber(order.orderId),
      formatINR(order.total),
      'Bazaar',
    ]);
  });
});
