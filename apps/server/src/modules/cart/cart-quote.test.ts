import type { CartReply } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { fillCart, insertCoupon, insertProduct } from '../../../test/fixtures/checkout';
import { KARNATAKA_GSTIN } from '../../../test/fixtures/gst';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { products } from '../../db/schema/catalogue';

// The guest cart's figures come from the server, by the rule the account's cart uses: in GST mode
// "incl. GST ₹…" rather than the flat tax line, whatever prices the browser kept.
describe('POST /api/cart/quote: a guest’s cart priced by the server', () => {
  let t: TestApp;
  let admin: Account;
  let lamp: string;
  let shirt: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t, 'admin@example.com', { admin: true });
    lamp = await insertProduct(t.db, { name: 'Brass lamp', pricePaise: 118_000, countInStock: 20 });
    shirt = await insertProduct(t.db, {
      name: 'Cotton shirt',
      pricePaise: 52_500,
      countInStock: 20,
      discount: 10,
    });
    await t.db.update(products).set({ hsn: '9405', gstRateBp: 1800 }).where(eq(products.id, lamp));
    await t.db.update(products).set({ hsn: '6109', gstRateBp: 500 }).where(eq(products.id, shirt));
    await insertCoupon(t.db, { code: 'DIWALI10', discount: 10 });
  });
  afterAll(async () => t?.close());

  const guestCart = () => [
    // The browser's snapshot says ₹1: the server's price counts.
    { _id: lamp, name: 'Brass lamp', price: 1, discount: 0, qty: 2 },
    { _id: shirt, qty: 1 },
    { _id: '00000000-0000-4000-8000-000000000000', qty: 1 },
  ];
  const quote = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/cart/quote', payload: body });
  const taxMode = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/settings/tax', headers: admin.auth, payload });

  it('adds the flat tax line in flat mode, from live prices, leaving out products that are gone', async () => {
    const res = await quote({ guestCart: guestCart() });
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json<CartReply>();
    expect(cart.cartItems.map((i) => [i.name, i.quantity, i.salePrice])).toEqual([
      ['Brass lamp', 2, 1180],
      ['Cotton shirt', 1, 472.5],
    ]);
    expect(cart.taxIncluded).toBe(false);
    expect(cart.taxLines).toEqual([{ label: 'Tax (10%)', amount: cart.tax }]);
    expect(cart.tax).toBeGreaterThan(0);
  });

  it('shows "incl. GST" in GST mode, the same figures as the signed-in cart of the same lines', async () => {
    expect((await taxMode({ taxMode: 'gst', gstin: KARNATAKA_GSTIN })).statusCode).toBe(200);
    const res = await quote({ guestCart: guestCart(), coupon: 'diwali10' });
    expect(res.statusCode, res.body).toBe(200);
    const guest = res.json<CartReply>();
    expect(guest.taxIncluded).toBe(true);
    expect(guest.coupon).toEqual({ code: 'DIWALI10', discount: 10 });
    expect(guest.taxLines).toHaveLength(1);
    expect(guest.taxLines![0]!.label).toBe('incl. GST');
    expect(guest.taxLines![0]!.amount).toBeGreaterThan(0);

    const asha = await signUp(t, 'asha@example.com');
    await fillCart(t.db, asha.id, [
      { productId: lamp, quantity: 2 },
      { productId: shirt, quantity: 1 },
    ]);
    const applied = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/apply-coupon',
      headers: asha.auth,
      payload: { coupon: 'DIWALI10' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const account = applied.json<CartReply>();
    for (const key of [
      'subTotal',
      'couponDiscount',
      'shipping',
      'tax',
      'total',
      'taxIncluded',
      'taxLines',
    ] as const) {
      expect(guest[key], key).toEqual(account[key]);
    }
    expect((await taxMode({ taxMode: 'flat', gstin: null })).statusCode).toBe(200);
  });

  it('prices without a coupon that is not usable, and refuses a body that is not a guest cart', async () => {
    const res = await quote({ guestCart: [{ _id: lamp, qty: 1 }], coupon: 'NOSUCH' });
    expect(res.statusCode).toBe(200);
    expect(res.json<CartReply>().coupon).toBeNull();
    const bad = await quote({ guestCart: [{ _id: lamp, qty: 0 }], total: 1 });
    expect(bad.statusCode).toBe(400);
  });
});
