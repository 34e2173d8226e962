import {
  CART_MESSAGES,
  type CartMergeReply,
  type CartReply,
  COUPON_MESSAGES,
  type GuestCartLineInput,
} from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import type { ProductRow } from '../../../test/fixtures/products';
import { insertCoupon, insertProduct } from '../../../test/fixtures/shopping';
import { createTestApp, type TestApp, twoProcesses } from '../../../test/helpers';
import { products } from '../../db/schema/catalogue';
import { cartItems, carts, coupons } from '../../db/schema/shopping';
import { inTransaction } from '../../db/transaction';

const DAY = 24 * 60 * 60 * 1000;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('the signed-in cart', () => {
  let t: TestApp;
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  let shirt: ProductRow; // ₹99.95 at 10% off, Red/Blue, M/L
  let lamp: ProductRow; // ₹450, no choices, 3 in stock
  let mug: ProductRow; // out of stock
  let rice: ProductRow; // plenty in stock
  let archived: ProductRow;
  let accounts = 0;

  const shopper = () => signUp(t, `shopper${++accounts}@example.com`);
  const call = (who: Account, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });
  const cartOf = async (who: Account) => (await call(who, 'GET', '/cart/get')).json() as CartReply;
  const add = (who: Account, payload: object) => call(who, 'POST', '/cart/add', payload);

  beforeAll(async () => {
    t = await createTestApp({ authLimits: { registerPerAddress: { free: 1000 } } }, { clock });
    shirt = await insertProduct(t.db, {
      name: 'Linen Shirt',
      pricePaise: 9_995,
      discount: 10,
      colours: ['Red', 'Blue'],
      sizes: ['M', 'L'],
      countInStock: 50,
    });
    lamp = await insertProduct(t.db, { name: 'Desk Lamp', pricePaise: 45_000, countInStock: 3 });
    mug = await insertProduct(t.db, { name: 'Sold Out Mug', pricePaise: 20_000, countInStock: 0 });
    rice = await insertProduct(t.db, { name: 'Bulk Rice', pricePaise: 10_000, countInStock: 500 });
    archived = await insertProduct(t.db, {
      name: 'Old Stock',
      pricePaise: 10_000,
      archivedAt: new Date('2025-01-01T00:00:00Z'),
    });
  });
  afterAll(async () => t?.close());

  it('is for signed-in shoppers only', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/cart/get'],
      ['POST', '/api/cart/add'],
      ['PUT', `/api/cart/update/${shirt.id}`],
      ['DELETE', `/api/cart/remove/${shirt.id}`],
      ['DELETE', '/api/cart/clear'],
      ['POST', '/api/cart/merge'],
      ['PUT', '/api/cart/apply-coupon'],
      ['DELETE', '/api/cart/coupon'],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method: method as 'GET', url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('starts empty, in the spec’s shape', async () => {
    const cart = await cartOf(await shopper());
    expect(cart).toEqual({
      _id: null,
      cartItems: [],
      subTotal: 0,
      productDiscount: 0,
      couponDiscount: 0,
      shipping: 0,
      tax: 0,
      total: 0,
      totalAmount: 0,
      totalItems: 0,
      coupon: null,
      taxIncluded: false,
      taxLines: [],
    });
  });

  it('adds a line priced from the catalogue, and totals it by the shared rule', async () => {
    const me = await shopper();
    const res = await add(me, { productId: shirt.id, quantity: 2, colour: 'Red', size: 'M' });
    expect(res.statusCode).toBe(200);
    const cart = res.json() as CartReply;
    expect(cart.cartItems).toEqual([
      {
        _id: expect.any(String),
        productId: shirt.id,
        name: 'Linen Shirt',
        image: '/uploads/products/plain.webp',
        price: 99.95,
        discount: 10,
        salePrice: 89.96,
        quantity: 2,
        colour: 'Red',
        size: 'M',
        lineTotal: 179.92,
        // The line's variant (Red, M): 50 split over Red/Blue × M/L, the remainder on the first.
        countInStock: 13,
        inStock: true,
        colours: ['Red', 'Blue'],
        sizes: ['M', 'L'],
      },
    ]);
    // ₹179.92 rounds up to ₹180; tax 10% = ₹18; ₹180 reaches the ₹140 free-delivery threshold.
    expect(cart).toMatchObject({
      subTotal: 180,
      shipping: 0,
      tax: 18,
      total: 198,
      totalAmount: 198,
      totalItems: 2,
    });
    expect(cart.productDiscount).toBeCloseTo(19.98);
    expect(cart._id).toEqual(expect.any(String));
  });

  it('raises the quantity of the same product, colour and size, and keeps other choices apart', async () => {
    const me = await shopper();
    await add(me, { productId: shirt.id, colour: 'Red', size: 'M' });
    await add(me, { productId: shirt.id, quantity: 3, colour: 'Red', size: 'M' });
    await add(me, { productId: shirt.id, colour: 'Blue', size: 'M' });
    await add(me, { productId: lamp.id });
    const cart = await cartOf(me);
    expect(cart.cartItems.map((i) => [i.name, i.colour, i.size, i.quantity])).toEqual([
      ['Linen Shirt', 'Red', 'M', 4],
      ['Linen Shirt', 'Blue', 'M', 1],
      ['Desk Lamp', null, null, 1],
    ]);
    // The cart badge counts units.
    expect(cart.totalItems).toBe(6);
  });

  it('accepts only the product’s own colours and sizes', async () => {
    const me = await shopper();
    const green = await add(me, { productId: shirt.id, colour: 'Green', size: 'M' });
    expect(green.statusCode).toBe(400);
    expect(green.json().message).toBe('Linen Shirt comes in Red, Blue. Please choose one of them.');
    const xl = await add(me, { productId: shirt.id, colour: 'Red', size: 'XL' });
    expect(xl.json().message).toBe('Linen Shirt comes in sizes M, L. Please choose one of them.');
    const lampColour = await add(me, { productId: lamp.id, colour: 'Red' });
    expect(lampColour.statusCode).toBe(400);
    expect(lampColour.json().message).toBe('Desk Lamp has no colour to choose.');
    // Case matters: 'red' is not one of the values the shop wrote.
    expect((await add(me, { productId: shirt.id, colour: 'red' })).statusCode).toBe(400);
    // An empty or null choice is "none chosen".
    expect((await add(me, { productId: lamp.id, colour: '', size: null })).statusCode).toBe(200);
    expect((await cartOf(me)).cartItems).toHaveLength(1);
  });

  it('answers 404 for a product that does not exist or is no longer sold', async () => {
    const me = await shopper();
    for (const productId of [MISSING_ID, 'not-a-uuid', archived.id]) {
      const res = await add(me, { productId });
      expect(res.statusCode, productId).toBe(404);
      expect(res.json().message).toBe(CART_MESSAGES.productNotFound);
    }
  });

  it('keeps quantities within 1..99, and refuses a price or any unknown field', async () => {
    const me = await shopper();
    for (const quantity of [0, -1, 100, 1.5, '2', null]) {
      const res = await add(me, { productId: rice.id, quantity });
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json().fields).toEqual({ quantity: CART_MESSAGES.quantityRange });
    }
    const priced = await add(me, { productId: rice.id, quantity: 1, price: 1 });
    expect(priced.statusCode).toBe(400);
    expect(priced.json().fields).toEqual({ price: 'Unknown field' });

    expect((await add(me, { productId: rice.id, quantity: 99 })).statusCode).toBe(200);
    const over = await add(me, { productId: rice.id, quantity: 1 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      'You can have at most 99 of one item in your cart; it already holds 99.',
    );
    expect((await cartOf(me)).cartItems[0]!.quantity).toBe(99);
  });

  it('keeps quantities within the stock, saying how many there are', async () => {
    const me = await shopper();
    const four = await add(me, { productId: lamp.id, quantity: 4 });
    expect(four.statusCode).toBe(409);
    expect(four.json().message).toBe('Only 3 of Desk Lamp are in stock.');
    await add(me, { productId: lamp.id, quantity: 2 });
    const two = await add(me, { productId: lamp.id, quantity: 2 });
    expect(two.statusCode).toBe(409);
    expect(two.json().message).toBe('Only 3 of Desk Lamp are in stock, and your cart already holds 2.');
    const none = await add(me, { productId: mug.id });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Product is out of stock');
    expect((await cartOf(me)).cartItems.map((i) => i.quantity)).toEqual([2]);
  });

  it('reads prices and stock live, never from the catalogue’s cached replies', async () => {
    const me = await shopper();
    const product = await insertProduct(t.db, {
      name: 'Repriced Kettle',
      pricePaise: 20_000,
      countInStock: 10,
    });
    // The product page's reply is cached for a few seconds ...
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(200);
    await add(me, { productId: product.id });
    // ... but a price or stock change (here behind the cache's back) shows in the cart at once.
    await t.db
      .update(products)
      .set({ pricePaise: 30_000, discount: 50, countInStock: 1 })
      .where(eq(products.id, product.id));
    const cart = await cartOf(me);
    expect(cart.cartItems[0]).toMatchObject({ price: 300, discount: 50, salePrice: 150, countInStock: 1 });
    expect(cart.subTotal).toBe(150);
    expect((await add(me, { productId: product.id })).json().message).toBe(
      'Only 1 of Repriced Kettle is in stock, and your cart already holds 1.',
    );
  });

  it('charges delivery below the shop’s threshold, following the shop’s settings', async () => {
    const me = await shopper();
    const cheap = await insertProduct(t.db, { name: 'Pencil', pricePaise: 1_050, countInStock: 99 });
    // ₹10.50 × 3 = ₹31.50 → ₹32; tax ₹3 (down from ₹3.20); delivery ₹50.
    expect((await add(me, { productId: cheap.id, quantity: 3 })).json()).toMatchObject({
      subTotal: 32,
      tax: 3,
      shipping: 50,
      total: 85,
    });
  });

  describe('update', () => {
    const update = (who: Account, productId: string, payload: object) =>
      call(who, 'PUT', `/cart/update/${productId}`, payload);

    it('sets a line’s quantity within 1..99 and the stock', async () => {
      const me = await shopper();
      await add(me, { productId: lamp.id });
      const res = await update(me, lamp.id, { qty: 3 });
      expect(res.statusCode).toBe(200);
      expect((res.json() as CartReply).cartItems[0]!.quantity).toBe(3);
      const over = await update(me, lamp.id, { qty: 4 });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe('Only 3 of Desk Lamp are in stock.');
      for (const qty of [0, 100, 2.5]) {
        const bad = await update(me, lamp.id, { qty });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().fields).toEqual({ qty: CART_MESSAGES.quantityRange });
      }
      expect((await cartOf(me)).cartItems[0]!.quantity).toBe(3);
    });

    it('takes the line’s colour and size when the product has several lines', async () => {
      const me = await shopper();
      await add(me, { productId: shirt.id, colour: 'Red', size: 'M' });
      await add(me, { productId: shirt.id, colour: 'Blue', size: 'L' });
      const unsure = await update(me, shirt.id, { qty: 5 });
      expect(unsure.statusCode).toBe(400);
      expect(unsure.json().message).toMatch(/more than one colour or size/);
      const blue = await update(me, shirt.id, { qty: 5, colour: 'Blue', size: 'L' });
      expect(blue.statusCode).toBe(200);
      expect((blue.json() as CartReply).cartItems.map((i) => i.quantity)).toEqual([1, 5]);
      const missing = await update(me, shirt.id, { qty: 2, colour: 'Blue', size: 'M' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(CART_MESSAGES.notInCart);
    });

    it('answers 404 for a product not in the cart or not sold', async () => {
      const me = await shopper();
      expect((await update(me, lamp.id, { qty: 1 })).json().message).toBe(CART_MESSAGES.notInCart);
      expect((await update(me, MISSING_ID, { qty: 1 })).json().message).toBe(CART_MESSAGES.productNotFound);
      expect((await update(me, 'x', { qty: 1 })).statusCode).toBe(404);
    });
  });

  describe('remove and clear', () => {
    const remove = (who: Account, productId: string, query = '') =>
      call(who, 'DELETE', `/cart/remove/${productId}${query}`);

    it('removes one line by colour and size, or every line of the product', async () => {
      const me = await shopper();
      await add(me, { productId: shirt.id, colour: 'Red', size: 'M' });
      await add(me, { productId: shirt.id, colour: 'Blue', size: 'M' });
      await add(me, { productId: shirt.id });
      await add(me, { productId: lamp.id });
      const red = await remove(me, shirt.id, '?colour=Red&size=M');
      expect(red.statusCode).toBe(200);
      expect((red.json() as CartReply).cartItems.map((i) => [i.name, i.colour])).toEqual([
        ['Linen Shirt', 'Blue'],
        ['Linen Shirt', null],
        ['Desk Lamp', null],
      ]);
      // Empty values name the line with no choice.
      const plain = (await remove(me, shirt.id, '?colour=&size=')).json() as CartReply;
      expect(plain.cartItems.map((i) => i.colour)).toEqual(['Blue', null]);
      await add(me, { productId: shirt.id, colour: 'Red', size: 'L' });
      const all = (await remove(me, shirt.id)).json() as CartReply;
      expect(all.cartItems.map((i) => i.name)).toEqual(['Desk Lamp']);
    });

    it('leaves the cart as it is when the line is not there, and 404s a product that does not exist', async () => {
      const me = await shopper();
      await add(me, { productId: lamp.id });
      expect((await remove(me, shirt.id)).statusCode).toBe(200);
      expect((await remove(me, lamp.id, '?colour=Red')).json().cartItems).toHaveLength(1);
      expect((await remove(me, MISSING_ID)).statusCode).toBe(404);
      expect((await remove(me, 'nope')).statusCode).toBe(404);
      expect((await remove(me, lamp.id, '?colour=Red&extra=1')).statusCode).toBe(400);
    });

    it('clears the lines and the coupon', async () => {
      const me = await shopper();
      await insertCoupon(t.db, { code: 'CLEARME', discount: 10 });
      await add(me, { productId: lamp.id });
      await call(me, 'PUT', '/cart/apply-coupon', { coupon: 'clearme' });
      const res = await call(me, 'DELETE', '/cart/clear');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ cartItems: [], coupon: null, total: 0, totalItems: 0 });
    });
  });

  it('shows each shopper only their own cart', async () => {
    const asha = await shopper();
    const ravi = await shopper();
    await add(asha, { productId: lamp.id, quantity: 2 });
    expect((await cartOf(ravi)).cartItems).toEqual([]);
    expect((await call(ravi, 'PUT', `/cart/update/${lamp.id}`, { qty: 1 })).statusCode).toBe(404);
    await call(ravi, 'DELETE', `/cart/remove/${lamp.id}`);
    await call(ravi, 'DELETE', '/cart/clear');
    expect((await cartOf(asha)).cartItems.map((i) => i.quantity)).toEqual([2]);
  });

  it(`holds at most ${CART_MESSAGES.cartFull.match(/\d+/)![0]} different lines`, async () => {
    const me = await shopper();
    const many = await t.db
      .insert(products)
      .values(
        Array.from({ length: 101 }, (_, i) => ({
          name: `Bead ${i}`,
          category: 'Craft',
          pricePaise: 100,
          countInStock: 5,
        })),
      )
      .returning();
    const [cartRow] = await t.db.insert(carts).values({ userId: me.id }).returning();
    await t.db
      .insert(cartItems)
      .values(many.slice(0, 100).map((p) => ({ cartId: cartRow!.id, productId: p.id, quantity: 1 })));
    const full = await add(me, { productId: many[100]!.id });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(CART_MESSAGES.cartFull);
    // A line already there still grows.
    expect((await add(me, { productId: many[0]!.id })).statusCode).toBe(200);
  });

  describe('coupons', () => {
    const apply = (who: Account, coupon: unknown) => call(who, 'PUT', '/cart/apply-coupon', { coupon });

    beforeAll(async () => {
      await insertCoupon(t.db, {
        code: 'SAVE15',
        discount: 15,
        usageLimit: 10,
        expiresAt: new Date(clock.now().getTime() + 30 * DAY),
      });
      await insertCoupon(t.db, { code: 'BIG30', discount: 30 });
      await insertCoupon(t.db, {
        code: 'OLD10',
        discount: 10,
        expiresAt: new Date(clock.now().getTime() - DAY),
      });
      await insertCoupon(t.db, { code: 'GONE20', discount: 20, usageLimit: 2, usedCount: 2 });
      await insertCoupon(t.db, { code: 'LASTONE', discount: 5, usageLimit: 2, usedCount: 1 });
    });

    it('applies a code in any case, and the totals change exactly as the rule says', async () => {
      const me = await shopper();
      await add(me, { productId: shirt.id, quantity: 2, colour: 'Red', size: 'M' });
      const res = await apply(me, '  save15 ');
      expect(res.statusCode).toBe(200);
      // ₹180 − 15% (₹27) = ₹153; tax ₹15 (down from ₹15.30); ₹153 still reaches the threshold.
      expect(res.json()).toMatchObject({
        subTotal: 180,
        couponDiscount: 27,
        tax: 15,
        shipping: 0,
        total: 168,
        coupon: { code: 'SAVE15', discount: 15 },
      });
      // A bigger coupon can take the amount below the free-delivery threshold: ₹126 + ₹12 tax + ₹50.
      expect((await apply(me, 'Big30')).json()).toMatchObject({
        couponDiscount: 54,
        tax: 12,
        shipping: 50,
        total: 188,
      });
      expect((await cartOf(me)).coupon).toEqual({ code: 'BIG30', discount: 30 });
    });

    it('refuses a code that does not exist, has expired or has no redemptions left, each with its own message', async () => {
      const me = await shopper();
      await add(me, { productId: lamp.id });
      const cases: [unknown, number, string][] = [
        ['NOPE', 404, COUPON_MESSAGES.notFound],
        ['old10', 400, COUPON_MESSAGES.expired],
        ['GONE20', 409, COUPON_MESSAGES.usedUp],
        ['   ', 400, `Invalid coupon: ${COUPON_MESSAGES.required}`],
        ['x'.repeat(51), 400, `Invalid coupon: ${COUPON_MESSAGES.notFound}`],
        [42, 400, 'Invalid coupon: Invalid input: expected string, received number'],
      ];
      for (const [code, status, message] of cases) {
        const res = await apply(me, code);
        expect(res.statusCode, String(code)).toBe(status);
        expect(res.json().message, String(code)).toBe(message);
      }
      // A coupon with one redemption left can be applied (redemptions are counted when a payment succeeds).
      expect((await apply(me, 'lastone')).statusCode).toBe(200);
      expect((await cartOf(me)).coupon).toEqual({ code: 'LASTONE', discount: 5 });
    });

    it('expires on the stroke of its expiry time', async () => {
      const me = await shopper();
      await add(me, { productId: lamp.id });
      await insertCoupon(t.db, {
        code: 'TICK',
        discount: 10,
        expiresAt: new Date(clock.now().getTime() + 1000),
      });
      expect((await apply(me, 'tick')).statusCode).toBe(200);
      clock.advance(1000);
      // Applied earlier, now expired: the cart prices without it ...
      const cart = await cartOf(me);
      expect(cart.coupon).toBeNull();
      expect(cart.couponDiscount).toBe(0);
      // ... and applying it again says why.
      expect((await apply(me, 'TICK')).json().message).toBe(COUPON_MESSAGES.expired);
    });

    it('prices without a coupon that ran out after it was applied', async () => {
      const me = await shopper();
      await add(me, { productId: lamp.id });
      const coupon = await insertCoupon(t.db, { code: 'RUNOUT', discount: 10, usageLimit: 1 });
      await apply(me, 'runout');
      await t.db.update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, coupon.id));
      expect((await cartOf(me)).coupon).toBeNull();
    });

    it('removes an applied coupon', async () => {
      const me = await shopper();
      await add(me, { productId: lamp.id });
      await apply(me, 'SAVE15');
      const res = await call(me, 'DELETE', '/cart/coupon');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ coupon: null, couponDiscount: 0, subTotal: 450 });
      // Removing when none is applied is fine.
      expect((await call(me, 'DELETE', '/cart/coupon')).statusCode).toBe(200);
    });

    it('takes a newsletter welcome code', async () => {
      const me = await shopper();
      await add(me, { productId: lamp.id });
      await t.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        payload: { email: 'reader@example.com' },
      });
      const code = (await t.db.select().from(coupons)).find((c) => c.code.startsWith('WELCOME-'))!.code;
      expect((await apply(me, code.toLowerCase())).json().coupon).toEqual({ code, discount: 10 });
    });
  });

  describe('merge', () => {
    const merge = (who: Account, guestCart: unknown) => call(who, 'POST', '/cart/merge', { guestCart });
    const guestLine = (product: ProductRow, extra: Partial<GuestCartLineInput> = {}): GuestCartLineInput => ({
      _id: product.id,
      name: product.name,
      image: '/uploads/products/plain.webp',
      price: product.pricePaise / 100,
      discount: product.discount,
      qty: 1,
      ...extra,
    });

    it('refuses an empty guest cart with the spec’s message, and more than 100 lines', async () => {
      const me = await shopper();
      const empty = await merge(me, []);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Guest cart is empty.');
      const tooMany = await merge(
        me,
        Array.from({ length: 101 }, () => guestLine(lamp)),
      );
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe(`Invalid guestCart: ${CART_MESSAGES.tooManyGuestLines}`);
      expect((await merge(me, [{ ...guestLine(lamp), qty: 0 }])).statusCode).toBe(400);
    });

    it('adds the guest’s lines to the account’s by the same rules', async () => {
      const me = await shopper();
      await add(me, { productId: shirt.id, colour: 'Red', size: 'M', quantity: 2 });
      const res = await merge(me, [
        guestLine(shirt, { colour: 'Red', size: 'M', qty: 3 }),
        guestLine(shirt, { colour: 'Blue', size: 'L', qty: 1 }),
        guestLine(lamp, { qty: 1 }),
        // The same line twice in the guest cart is one line.
        guestLine(lamp, { qty: 1 }),
      ]);
      expect(res.statusCode).toBe(200);
      const cart = res.json() as CartMergeReply;
      expect(cart.changes).toEqual([]);
      expect(cart.cartItems.map((i) => [i.name, i.colour, i.size, i.quantity])).toEqual([
        ['Linen Shirt', 'Red', 'M', 5],
        ['Linen Shirt', 'Blue', 'L', 1],
        ['Desk Lamp', null, null, 2],
      ]);
      expect(cart.totalItems).toBe(8);
    });

    it('reports what did not come across as the guest had it', async () => {
      const me = await shopper();
      await add(me, { productId: lamp.id, quantity: 2 });
      const res = await merge(me, [
        { _id: MISSING_ID, name: 'Vanished Vase', qty: 1 },
        { _id: 'not-a-uuid', name: 'Odd Entry', qty: 1 },
        guestLine(archived),
        guestLine(mug),
        guestLine(shirt, { colour: 'Green', size: 'M' }),
        guestLine(lamp, { qty: 2 }),
        guestLine(rice, { price: 90 }),
        guestLine(shirt, { colour: 'Blue', size: 'M', qty: 2 }),
      ]);
      expect(res.statusCode).toBe(200);
      const cart = res.json() as CartMergeReply;
      expect(cart.changes.map((c) => [c.name, c.kind, c.message])).toEqual([
        ['Vanished Vase', 'unavailable', 'Vanished Vase is no longer sold and was left out.'],
        ['Odd Entry', 'unavailable', 'Odd Entry is no longer sold and was left out.'],
        ['Old Stock', 'unavailable', 'Old Stock is no longer sold and was left out.'],
        ['Sold Out Mug', 'outOfStock', 'Sold Out Mug is out of stock and was left out.'],
        [
          'Linen Shirt',
          'optionUnavailable',
          'Linen Shirt is no longer offered in Green, size M and was left out.',
        ],
        ['Desk Lamp', 'quantityReduced', 'Only 3 of Desk Lamp can be in your cart, so it holds 3.'],
        ['Bulk Rice', 'priceChanged', 'Bulk Rice now costs ₹100 (it was ₹90).'],
      ]);
      expect(cart.changes[4]).toMatchObject({ productId: shirt.id, colour: 'Green', size: 'M' });
      expect(cart.cartItems.map((i) => [i.name, i.quantity, i.salePrice])).toEqual([
        ['Desk Lamp', 3, 450],
        ['Bulk Rice', 1, 100],
        ['Linen Shirt', 2, 89.96],
      ]);
    });

    it('checks the guest’s coupon again and applies it; one that ended meanwhile is dropped with why', async () => {
      const me = await shopper();
      await insertCoupon(t.db, {
        code: 'GUESTMERGE12',
        discount: 12,
        expiresAt: new Date(clock.now().getTime() + 60 * 60_000),
      });
      await insertCoupon(t.db, { code: 'KEPT5', discount: 5 });
      const mergeWith = (coupon: string) =>
        call(me, 'POST', '/cart/merge', { guestCart: [guestLine(rice)], coupon });
      const applied = (await mergeWith('guestmerge12')).json() as CartMergeReply;
      expect(applied.coupon).toEqual({ code: 'GUESTMERGE12', discount: 12 });
      expect(applied.couponRefusal).toBeNull();
      expect(applied.couponDiscount).toBe(12);

      // The account's own coupon stays when the guest's can no longer be used.
      await call(me, 'PUT', '/cart/apply-coupon', { coupon: 'KEPT5' });
      clock.advance(2 * 60 * 60_000);
      const refused = await mergeWith('GUESTMERGE12');
      expect(refused.statusCode).toBe(200);
      const cart = refused.json() as CartMergeReply;
      expect(cart.couponRefusal).toBe(
        `The coupon GUESTMERGE12 was not applied to your cart: ${COUPON_MESSAGES.expired}`,
      );
      expect(cart.coupon).toEqual({ code: 'KEPT5', discount: 5 });
      expect(cart.cartItems.map((i) => [i.name, i.quantity])).toEqual([['Bulk Rice', 2]]);
      const unknown = (await mergeWith('NOSUCH')).json() as CartMergeReply;
      expect(unknown.couponRefusal).toBe(
        `The coupon NOSUCH was not applied to your cart: ${COUPON_MESSAGES.notFound}`,
      );
    });

    it('never lowers what the account’s cart already holds', async () => {
      const me = await shopper();
      await add(me, { productId: lamp.id, quantity: 3 });
      await t.db.update(products).set({ countInStock: 1 }).where(eq(products.id, lamp.id));
      try {
        const cart = (await merge(me, [guestLine(lamp)])).json() as CartMergeReply;
        expect(cart.cartItems[0]!.quantity).toBe(3);
        expect(cart.changes.map((c) => c.kind)).toEqual(['quantityReduced']);
      } finally {
        await t.db.update(products).set({ countInStock: 3 }).where(eq(products.id, lamp.id));
      }
    });
  });

  describe('the service checkout builds on', () => {
    it('prices a cart under a lock, and clears it with its coupon inside the caller’s transaction', async () => {
      const me = await shopper();
      await add(me, { productId: shirt.id, quantity: 2, colour: 'Red', size: 'M' });
      await insertCoupon(t.db, { code: 'CHECKOUT10', discount: 10 });
      await call(me, 'PUT', '/cart/apply-coupon', { coupon: 'checkout10' });
      const { cart } = t.services;
      const priced = await inTransaction(t.db, async (tx) => {
        const locked = await cart.priced(tx, me.id, { lock: true });
        await cart.clear(tx, me.id);
        return locked;
      });
      expect(priced.lines).toEqual([
        {
          lineId: expect.any(String),
          productId: shirt.id,
          variantId: expect.any(String),
          sku: expect.stringMatching(/-RED-M$/),
          name: 'Linen Shirt',
          image: '/uploads/products/plain.webp',
          colour: 'Red',
          size: 'M',
          quantity: 2,
          unitPricePaise: 9_995,
          discountPercent: 10,
          linePaise: 17_992,
          stock: 13,
          hsn: null,
          gstRateBp: 1800,
          colours: ['Red', 'Blue'],
          sizes: ['M', 'L'],
        },
      ]);
      expect(priced.coupon).toEqual({ id: expect.any(String), code: 'CHECKOUT10', discount: 10 });
      expect(priced.totals).toMatchObject({
        subTotalPaise: 18_000,
        couponDiscountPaise: 1_800,
        totalPaise: 17_800,
      });
      const after = await cart.priced(t.db, me.id);
      expect(after).toMatchObject({ cartId: priced.cartId, lines: [], coupon: null });
      const nobody = await cart.priced(t.db, (await shopper()).id, { lock: true });
      expect(nobody).toMatchObject({ cartId: null, lines: [], coupon: null, totals: { totalPaise: 0 } });
    });

    it('checks a coupon for checkout with the same messages', async () => {
      const { coupons: service } = t.services;
      const now = clock.now();
      await expect(service.usable(t.db, 'nope', now)).rejects.toMatchObject({
        statusCode: 404,
        message: COUPON_MESSAGES.notFound,
      });
      await expect(service.usable(t.db, 'gone20', now)).rejects.toMatchObject({
        message: COUPON_MESSAGES.usedUp,
      });
      await expect(service.usable(t.db, 'Old10', now)).rejects.toMatchObject({
        message: COUPON_MESSAGES.expired,
      });
      expect((await service.usable(t.db, 'big30', now)).code).toBe('BIG30');
    });
  });
});

describe('concurrent adds to one cart', () => {
  const processes = twoProcesses();
  let rice: ProductRow;
  let me: Account;

  beforeAll(async () => {
    rice = await insertProduct(processes.a.db, { name: 'Bulk Rice', pricePaise: 10_000, countInStock: 500 });
    me = await signUp(processes.a, 'racer@example.com');
  });

  it('loses no update: 20 adds at once, through two server processes, onto a cart not made yet', async () => {
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? processes.a : processes.b).app.inject({
          method: 'POST',
          url: '/api/cart/add',
          headers: me.auth,
          payload: { productId: rice.id, quantity: 1 },
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const cart = (
      await processes.b.app.inject({ method: 'GET', url: '/api/cart/get', headers: me.auth })
    ).json() as CartReply;
    expect(cart.cartItems.map((i) => i.quantity)).toEqual([20]);
    expect(cart.totalItems).toBe(20);
  });

  it('adds different lines at once without losing one', async () => {
    const colours = await insertProduct(processes.a.db, {
      name: 'Paint',
      pricePaise: 5_000,
      colours: ['Red', 'Blue', 'Green', 'White', 'Black'],
      sizes: ['S', 'L'],
      countInStock: 100,
    });
    const someone = await signUp(processes.a, 'painter@example.com');
    const variants = ['Red', 'Blue', 'Green', 'White', 'Black'].flatMap((colour) =>
      ['S', 'L'].map((size) => ({ colour, size })),
    );
    const replies = await Promise.all(
      [...variants, ...variants].map((variant, i) =>
        (i % 2 ? processes.a : processes.b).app.inject({
          method: 'POST',
          url: '/api/cart/add',
          headers: someone.auth,
          payload: { productId: colours.id, quantity: 2, ...variant },
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const cart = (
      await processes.a.app.inject({ method: 'GET', url: '/api/cart/get', headers: someone.auth })
    ).json() as CartReply;
    expect(cart.cartItems).toHaveLength(10);
    expect(cart.cartItems.every((i) => i.quantity === 4)).toBe(true);
  });
});
