import type { AdminOrderWriteReply, CarriersReply, MyOrdersReply } from '@bazaar/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import { insertPendingOrder } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../db/schema/admin';
import { products } from '../../db/schema/catalogue';
import { messageOutbox } from '../../db/schema/messages';
import { orders } from '../../db/schema/orders';

describe('shipping an order', () => {
  const clock = new ManualClock('2025-06-10T10:00:00.000Z');
  let t: TestApp;
  let admin: Account;
  let shopper: Account;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    admin = await signUp(t, 'admin@example.com', { admin: true });
    shopper = await signUp(t, 'priya@example.com', { name: 'Priya Nair' });
    const [p] = await t.db
      .insert(products)
      .values({ name: 'Desk Lamp', pricePaise: 50_000, countInStock: 100, category: 'Home' })
      .returning();
    productId = p!.id;
  });
  afterAll(async () => t.close());

  const setCarriers = (carriers: unknown, account = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/carriers', headers: account.auth, payload: { carriers } });
  const ship = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/ship`, headers: admin.auth, payload });
  const paidOrder = async () => {
    const order = await insertPendingOrder(t.db, {
      userId: shopper.id,
      items: [{ productId, quantity: 1, unitPricePaise: 50_000 }],
      order: { email: 'priya@example.com', createdAt: clock.now() },
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/mark-paid/${order.id}`,
      headers: admin.auth,
      payload: { paymentStatus: 'Paid' },
    });
    expect(res.statusCode).toBe(200);
    return order;
  };
  const myOrder = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/orders/myorders', headers: shopper.auth }))
      .json<MyOrdersReply>()
      .orders.find((o) => o._id === id)!;

  it('keeps the shop’s carriers, each tracking address https with {tracking}, audited; admins only', async () => {
    expect((await setCarriers([], shopper)).statusCode).toBe(403);
    const bad = await setCarriers([{ name: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('{tracking}');
    expect((await setCarriers([{ name: 'X', trackingUrl: 'http://x.example/{tracking}' }])).statusCode).toBe(
      400,
    );
    const twice = await setCarriers([
      { name: 'Delhivery', trackingUrl: 'https://a.example/{tracking}' },
      { name: 'delhivery', trackingUrl: 'https://b.example/{tracking}' },
    ]);
    expect(twice.statusCode).toBe(400);
    const saved = await setCarriers([
      { name: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track/package/{tracking}' },
      { name: 'DTDC', trackingUrl: 'https://www.dtdc.in/tracking.asp?strCnno={tracking}' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<CarriersReply>().carriers.map((c) => c.name)).toEqual(['Delhivery', 'DTDC']);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.carriers'));
    expect(entry).toMatchObject({ actorId: admin.id, summary: 'Carriers: Delhivery, DTDC' });
  });

  it('ships Processing → Shipped only with a shipment, and My Orders shows carrier, link and expected day', async () => {
    const order = await paidOrder();
    // The plain status move is refused: a parcel needs its tracking recorded.
    const plain = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/status/${order.id}`,
      headers: admin.auth,
      payload: { orderStatus: 'Shipped' },
    });
    expect(plain.statusCode).toBe(409);
    expect(plain.json().message).toMatch(/Record the shipment first/);
    // And the database refuses it whatever code tries.
    await expect(
      t.db.update(orders).set({ status: 'Shipped' }).where(eq(orders.id, order.id)),
    ).rejects.toThrow();

    const carriers = (
      await t.app.inject({ method: 'GET', url: '/api/admin/carriers', headers: admin.auth })
    ).json<CarriersReply>().carriers;
    const past = await ship(order.id, {
      carrier: carriers[0]!._id,
      trackingNumber: 'AWB 991',
      expectedDelivery: '2025-06-01',
    });
    expect(past.statusCode).toBe(400);
    const res = await ship(order.id, {
      carrier: carriers[0]!._id,
      trackingNumber: 'AWB 991',
      expectedDelivery: '2025-06-14',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<AdminOrderWriteReply>();
    expect(body.order).toMatchObject({
      status: 'Shipped',
      trackingNumber: 'AWB 991',
      shipment: {
        carrier: 'Delhivery',
        trackingNumber: 'AWB 991',
        trackingUrl: 'https://www.delhivery.com/track/package/AWB%20991',
        expectedDelivery: '2025-06-14',
      },
    });
    expect(body.order.statusHistory).toContainEqual(
      expect.objectContaining({ from: 'Processing', to: 'Shipped', note: 'Delhivery AWB 991' }),
    );
    expect(
      (
        await ship(order.id, {
          carrier: carriers[0]!._id,
          trackingNumber: 'B',
          expectedDelivery: '2025-06-14',
        })
      ).statusCode,
    ).toBe(409);

    expect(await myOrder(order.id)).toMatchObject({
      status: 'Shipped',
      tracking: 'AWB 991',
      carrier: 'Delhivery',
      trackingUrl: 'https://www.delhivery.com/track/package/AWB%20991',
      deliveryDate: '2025-06-14T06:30:00.000Z',
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.ship'), eq(auditLog.entityId, order.id)));
    expect(audit).toMatchObject({
      summary: `Order #${order.id.slice(0, 8)}: Processing → Shipped`,
      after: { carrier: 'Delhivery', trackingNumber: 'AWB 991' },
    });
    const [mail] = await t.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, order.id), eq(messageOutbox.purpose, 'order_shipped')));
    expect(mail?.body).toContain('https://www.delhivery.com/track/package/AWB%20991');

    clock.advance(20 * 3_600_000);
    const delivered = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/status/${order.id}`,
      headers: admin.auth,
      payload: { orderStatus: 'Delivered' },
    });
    expect(delivered.statusCode).toBe(200);
    expect(await myOrder(order.id)).toMatchObject({
      status: 'Delivered',
      deliveryDate: clock.now().toISOString(),
    });
    const [deliveredMail] = await t.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, order.id), eq(messageOutbox.purpose, 'order_delivered')));
    expect(deliveredMail).toBeDefined();
  });

  it('ships with a carrier not listed ("Other"), its free tracking address or none', async () => {
    const order = await paidOrder();
    const unnamed = await ship(order.id, {
      carrier: 'other',
      trackingNumber: 'Z1',
      expectedDelivery: '2025-06-20',
    });
    expect(unnamed.statusCode).toBe(400);
    const res = await ship(order.id, {
      carrier: 'other',
      carrierName: 'Shree Couriers',
      trackingNumber: 'Z1',
      trackingUrl: 'https://shree.example/t/Z1',
      expectedDelivery: '2025-06-20',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminOrderWriteReply>().order.shipment).toMatchObject({
      carrier: 'Shree Couriers',
      trackingUrl: 'https://shree.example/t/Z1',
    });
    const other = await paidOrder();
    const unknown = await ship(other.id, {
      carrier: '00000000-0000-4000-8000-000000000000',
      trackingNumber: 'Z2',
      expectedDelivery: '2025-06-20',
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses to ship an unpaid order, and an unknown one is 404', async () => {
    const order = await insertPendingOrder(t.db, {
      userId: shopper.id,
      items: [{ productId, quantity: 1, unitPricePaise: 50_000 }],
    });
    const res = await ship(order.id, {
      carrier: 'other',
      carrierName: 'X',
      trackingNumber: 'Q',
      expectedDelivery: '2025-06-20',
    });
    expect(res.statusCode).toBe(409);
    expect(
      (
        await ship('nope', {
          carrier: 'other',
          carrierName: 'X',
          trackingNumber: 'Q',
          expectedDelivery: '2025-06-20',
        })
      ).statusCode,
    ).toBe(404);
    expect(await t.db.select().from(orders).where(eq(orders.id, order.id))).toMatchObject([
      { trackingNumber: null },
    ]);
  });
});
