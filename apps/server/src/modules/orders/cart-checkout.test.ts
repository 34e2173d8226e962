import { type CartReply, CHECKOUT_MESSAGES, type OrderPaymentReply } from '@bazaar/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillCart,
  insertCoupon,
  insertProduct,
  ORDER_BODY,
  type Shopper,
  shopper,
  stockOf,
} from '../../../test/fixtures/checkout';
import { placeOrder } from '../../../test/fixtures/payments';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { updateUser } from '../users/users.repo';
import { findOrderById } from './orders.repo';

// The spec's cart paths: GET /cart (the cart with its coupon) and POST /cart/checkout (an empty body that
// places the cart's order as POST /orders does, with the account's saved details).

describe('the spec’s GET /cart and POST /cart/checkout', () => {
  let t: TestApp;
  let lamp: string;
  let shoppers = 0;
  const newShopper = () => shopper(t, `cart-checkout-${++shoppers}@example.com`);
  const call = (who: Shopper | null, method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: who?.auth ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    t = await createTestApp();
    lamp = await insertProduct(t.db, { name: 'Brass Lamp', pricePaise: 120_000, countInStock: 20 });
  });
  afterAll(async () => t?.close());

  it('answers GET /cart exactly as GET /cart/get: the cart with its coupon', async () => {
    const asha = await newShopper();
    const coupon = await insertCoupon(t.db, { code: 'CARTPATH10', discount: 10 });
    await fillCart(t.db, asha.id, [{ productId: lamp, quantity: 2 }], coupon);
    const spec = await call(asha, 'GET', '/cart');
    const existing = await call(asha, 'GET', '/cart/get');
    expect(spec.statusCode, spec.body).toBe(200);
    expect(spec.json()).toEqual(existing.json());
    const cart = spec.json<CartReply>();
    expect(cart.coupon).toEqual({ code: 'CARTPATH10', discount: 10 });
    expect(cart.cartItems).toHaveLength(1);
    expect((await call(null, 'GET', '/cart')).statusCode).toBe(401);
  });

  it('is for signed-in shoppers only', async () => {
    const res = await call(null, 'POST', '/cart/checkout');
    expect(res.statusCode).toBe(401);
  });

  it('places the cart’s order with the last order’s details, from an empty body, as POST /orders does', async () => {
    const ravi = await newShopper();
    await fillCart(t.db, ravi.id, [{ productId: lamp, quantity: 1 }]);
    const first = await placeOrder(t, ravi);

    await fillCart(t.db, ravi.id, [{ productId: lamp, quantity: 2 }]);
    const before = await stockOf(t.db, lamp);
    for (const payload of [undefined, {}]) {
      const res = await call(ravi, 'POST', '/cart/checkout', payload);
      expect(res.statusCode, res.body).toBe(201);
      const placed = res.json<OrderPaymentReply>();
      expect(placed.razorpayOrderId).toBeTruthy();
      // ₹1,200 × 2, 10% tax, free delivery.
      expect(placed.amount).toBe(264_000);
      const order = (await findOrderById(t.db, placed.orderId))!;
      expect(order).toMatchObject({ status: 'Pending', userId: ravi.id, name: ORDER_BODY.name });
      expect(order.email).toBe(ravi.email);
      expect(order.phone).toBe(ORDER_BODY.phone);
      expect(order.shippingAddress).toMatchObject({
        street: '12 MG Road',
        city: 'Bengaluru',
        pinCode: '560001',
      });
      expect(placed.orderId).not.toBe(first.orderId);
      // The cart stays until paid, so the second checkout places the same cart again.
    }
    expect(await stockOf(t.db, lamp)).toBe(before - 4);
  });

  it('refuses a first order with a 400 naming what is missing: the address, and a phone when the profile has none', async () => {
    const meera = await newShopper();
    await fillCart(t.db, meera.id, [{ productId: lamp, quantity: 1 }]);
    const before = await stockOf(t.db, lamp);
    const none = await call(meera, 'POST', '/cart/checkout');
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json()).toMatchObject({
      code: 'VALIDATION',
      message:
        'Checking out the cart needs a delivery address and a 10-digit phone number, and your account has none to use. Place the order from the checkout page (/cart/checkout), which asks for them.',
      fields: { shippingAddress: expect.any(String), phone: 'No phone number yet.' },
    });

    await updateUser(t.db, meera.id, { phoneNumber: '9812345678' });
    const noAddress = await call(meera, 'POST', '/cart/checkout');
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().message).toBe(
      'Checking out the cart needs a delivery address, and your account has none to use. Place the order from the checkout page (/cart/checkout), which asks for it.',
    );
    expect(Object.keys(noAddress.json().fields)).toEqual(['shippingAddress']);
    expect(await stockOf(t.db, lamp)).toBe(before);
  });

  it('refuses a body with anything in it, and an empty cart with checkout’s own message', async () => {
    const kiran = await newShopper();
    await fillCart(t.db, kiran.id, [{ productId: lamp, quantity: 1 }]);
    await placeOrder(t, kiran);
    const extra = await call(kiran, 'POST', '/cart/checkout', { total: 1 });
    expect(extra.statusCode).toBe(400);

    await fillCart(t.db, kiran.id, []);
    const empty = await call(kiran, 'POST', '/cart/checkout');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(CHECKOUT_MESSAGES.emptyCart);
  });
});
