import type { CartReply, CheckoutSummary } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { fillCart, insertProduct, ORDER_BODY } from '../../../test/fixtures/checkout';
import { deliveryCalls, zoneBody } from '../../../test/fixtures/delivery';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../db/schema/admin';
import { products } from '../../db/schema/catalogue';
import { findOrderById } from './orders.repo';

const KARNATAKA_GSTIN = '29AAGCB7383J1Z4';
const address = (city: string, stateCode: string, pincode: string) => ({
  name: 'Asha Rao',
  phone: '9876543210',
  line1: '14 Church Street',
  city,
  stateCode,
  pincode,
});

describe('GST mode at checkout: priced on the server from the chosen address', () => {
  let t: TestApp;
  let admin: Account;
  let asha: Account;
  const book: Record<string, string> = {};
  const inject = (options: InjectOptions) => t.app.inject(options);
  const setTax = (payload: object) =>
    inject({ method: 'PUT', url: '/api/admin/settings/tax', headers: admin.auth, payload });
  const summary = async (addressId?: string) => {
    const res = await inject({
      method: 'GET',
      url: `/api/orders/checkout${addressId ? `?addressId=${addressId}` : ''}`,
      headers: asha.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CheckoutSummary;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t, 'admin@example.com', { admin: true });
    asha = await signUp(t, 'asha@example.com');
    const lamp = await insertProduct(t.db, { name: 'Lamp', pricePaise: 118_000, countInStock: 50 });
    const shirt = await insertProduct(t.db, { name: 'Shirt', pricePaise: 52_500, countInStock: 50 });
    await t.db.update(products).set({ hsn: '9405', gstRateBp: 1800 }).where(eq(products.id, lamp));
    await t.db.update(products).set({ hsn: '6205', gstRateBp: 500 }).where(eq(products.id, shirt));
    await fillCart(t.db, asha.id, [
      { productId: lamp, quantity: 1 },
      { productId: shirt, quantity: 2 },
    ]);
    for (const [key, body] of [
      ['bengaluru', address('Bengaluru', '29', '560001')],
      ['mumbai', address('Mumbai', '27', '400020')],
    ] as const) {
      const res = await inject({
        method: 'POST',
        url: '/api/users/addresses',
        headers: asha.auth,
        payload: body,
      });
      book[key] = (res.json().addresses as { _id: string; city: string }[]).find(
        (a) => a.city === body.city,
      )!._id;
    }
    // Mumbai is its own zone with its own fee: ₹80, never free.
    const zone = await deliveryCalls(() => t.app, admin.auth).createZone(
      zoneBody({ name: 'Mumbai', pincodes: ['400'], fee: 80, freeAbove: null }),
    );
    expect(zone.statusCode, zone.body).toBe(201);
  });
  afterAll(async () => t?.close());

  it('refuses GST mode without a valid GSTIN, or with a state the GSTIN does not name; audits the switch', async () => {
    const none = await setTax({ taxMode: 'gst' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.gstin).toMatch(/needs the shop’s GSTIN/);
    const typo = await setTax({ taxMode: 'gst', gstin: '29AAGCB7383J1Z5' });
    expect(typo.json().fields.gstin).toMatch(/last character does not match/);
    const state = await setTax({ taxMode: 'gst', gstin: KARNATAKA_GSTIN, stateCode: '27' });
    expect(state.json().fields.stateCode).toBe('This GSTIN is registered in Karnataka, not Maharashtra');
    const shopper = await inject({
      method: 'PUT',
      url: '/api/admin/settings/tax',
      headers: asha.auth,
      payload: { taxMode: 'flat' },
    });
    expect(shopper.statusCode).toBe(403);
    const ok = await setTax({ taxMode: 'gst', gstin: KARNATAKA_GSTIN.toLowerCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      taxMode: 'gst',
      gstin: KARNATAKA_GSTIN,
      stateCode: '29',
      state: 'Karnataka',
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.tax'));
    expect(entry!.summary).toBe('Tax: GST, prices include tax');
  });

  it('the cart shows the GST inside its prices, unsplit until the address is known', async () => {
    const cart = (
      await inject({ method: 'GET', url: '/api/cart/get', headers: asha.auth })
    ).json() as CartReply;
    // ₹1,180 + 2 × ₹525 = ₹2,230, free delivery above ₹140; GST inside: 180 + 2 × 25 = ₹230.
    expect(cart.total).toBe(2230);
    expect(cart.taxIncluded).toBe(true);
    expect(cart.taxLines).toEqual([{ label: 'incl. GST', amount: 230 }]);
  });

  it('within Karnataka: CGST + SGST, the default zone; to Mumbai: IGST and the Mumbai zone’s ₹80', async () => {
    const home = await summary(book.bengaluru);
    expect(home.total).toBe(2230);
    expect(home.taxLines).toEqual([
      { label: 'incl. GST', amount: 230 },
      { label: 'CGST', amount: 115 },
      { label: 'SGST', amount: 115 },
    ]);
    const away = await summary(book.mumbai);
    // Shipping is taxed at the highest rate (18%) inside its ₹80: ₹12.20.
    expect(away.shipping).toBe(80);
    expect(away.total).toBe(2310);
    expect(away.taxLines).toEqual([
      { label: 'incl. GST', amount: 242.2 },
      { label: 'IGST', amount: 242.2 },
    ]);
    expect(away.deliveryRefusal).toBeNull();
  });

  it('the order keeps the pricing it was placed with, whatever the tax mode becomes', async () => {
    const { shippingAddress: _typed, ...body } = ORDER_BODY;
    const placed = await inject({
      method: 'POST',
      url: '/api/orders',
      headers: asha.auth,
      payload: { ...body, email: asha.email, addressId: book.mumbai, totalPrice: 1 },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().amount).toBe(231_000);
    const before = await findOrderById(t.db, placed.json().orderId);
    expect(before!.totalPaise).toBe(231_000);
    expect(before!.pricing).toMatchObject({ mode: 'gst', supply: 'inter', placeOfSupplyStateCode: '27' });
    const lines = before!.pricing!.lines;
    expect(lines.reduce((a, l) => a + l.totalPaise, 0)).toBe(231_000);

    expect((await setTax({ taxMode: 'flat' })).statusCode).toBe(200);
    const after = await findOrderById(t.db, placed.json().orderId);
    expect(after!.pricing).toEqual(before!.pricing);
    expect(after!.totalPaise).toBe(before!.totalPaise);
    // New pricing follows the flat mode: 10% added.
    const flat = await summary(book.bengaluru);
    expect(flat.taxLines).toEqual([{ label: 'Tax (10%)', amount: 223 }]);
    expect(flat.total).toBe(2453);
  });
});
