import type { OrderPaymentReply } from '@bazaar/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import { ORDER_BODY, type Shopper, shopper, stockOf } from '../../../test/fixtures/checkout';
import {
  insertVariantProduct,
  ledgerOf,
  stockMismatches,
  variantStock,
  variantsOf,
} from '../../../test/fixtures/inventory';
import { appOnRazorpay, payAtRazorpay } from '../../../test/fixtures/razorpay';
import type { TestApp } from '../../../test/helpers';
import type { RazorpayServer } from '../../../test/razorpay-server';
import { products, productVariants } from '../../db/schema/catalogue';
import { inventoryLedger } from '../../db/schema/inventory';
import { orderItems } from '../../db/schema/orders';

const KEYS = {
  keyId: 'rzp_test_Var0029',
  keySecret: 'key-secret-0029',
  webhookSecret: 'webhook-secret-0029',
};
const MINUTE = 60_000;

describe('stock per variant, every change in the ledger', () => {
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  let razorpay: RazorpayServer;
  let t: TestApp;

  beforeAll(async () => {
    ({ t, razorpay } = await appOnRazorpay(KEYS, clock));
  });
  afterAll(async () => {
    await t.close();
    await razorpay.close();
  });

  const newShopper = () => shopper(t, `s${Math.floor(Math.random() * 1e9)}@example.com`);
  const add = (s: Shopper, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/cart/add', headers: s.auth, payload });
  const place = async (s: Shopper) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: s.auth,
      payload: { ...ORDER_BODY, email: s.email },
    });
    return res;
  };

  it('gives a product its colours × sizes as variants, its stock split evenly (remainder first), each with a ledger row', async () => {
    const [row] = await t.db
      .insert(products)
      .values({
        name: 'Kurta',
        pricePaise: 99_900,
        category: 'Clothing',
        colours: ['Red', 'Blue'],
        sizes: ['S', 'M', 'L'],
        countInStock: 20,
      })
      .returning({ id: products.id });
    const kurta = row!.id;
    const variants = await variantsOf(t.db, kurta);
    expect(variants.map((v) => [v.colour, v.size, v.stock])).toEqual([
      ['Red', 'S', 4],
      ['Red', 'M', 4],
      ['Red', 'L', 3],
      ['Blue', 'S', 3],
      ['Blue', 'M', 3],
      ['Blue', 'L', 3],
    ]);
    expect(new Set(variants.map((v) => v.sku)).size).toBe(6);
    expect((await ledgerOf(t.db, kurta)).map((l) => l.reason)).toEqual(Array(6).fill('adjustment'));

    // An older client (or the admin form) sets the single figure: taken from the fullest variants first.
    await t.db.update(products).set({ countInStock: 14 }).where(eq(products.id, kurta));
    expect(await stockOf(t.db, kurta)).toBe(14);
    expect(Object.values(await variantStock(t.db, kurta)).every((n) => n >= 2)).toBe(true);
    // A size no longer offered: its variants are switched off (stock kept on them), the figure stays.
    await t.db
      .update(products)
      .set({ sizes: ['S', 'M'] })
      .where(eq(products.id, kurta));
    expect(await stockOf(t.db, kurta)).toBe(14);
    expect((await variantsOf(t.db, kurta)).filter((v) => !v.active).map((v) => v.size)).toEqual(['L', 'L']);
    expect(await stockMismatches(t.db)).toEqual([]);

    // A product without options has one default variant.
    const [plain] = await t.db
      .insert(products)
      .values({ name: 'Mug', pricePaise: 30_000, category: 'Home', countInStock: 7 })
      .returning({ id: products.id });
    expect((await variantsOf(t.db, plain!.id)).map((v) => [v.colour, v.size, v.stock])).toEqual([
      [null, null, 7],
    ]);
  });

  it('sells the last Medium while Small stays on sale; expiry, cancellation and a refunded cancellation put it back, each in the ledger', async () => {
    const tee = await insertVariantProduct(
      t.db,
      { name: 'Tee', pricePaise: 50_000, sizes: ['S', 'M'] },
      { S: 3, M: 1 },
    );
    const asha = await newShopper();
    const ravi = await newShopper();
    // A size the product does not come in is a 400; a sold-out one cannot be added.
    expect((await add(asha, { productId: tee, quantity: 1, size: 'XL' })).statusCode).toBe(400);
    expect((await add(asha, { productId: tee, quantity: 2, size: 'M' })).statusCode).toBe(409);
    expect((await add(asha, { productId: tee, quantity: 1, size: 'M' })).statusCode).toBe(200);
    expect((await add(ravi, { productId: tee, quantity: 1, size: 'M' })).statusCode).toBe(200);

    const first = await place(asha);
    expect(first.statusCode).toBe(201);
    const order = first.json<OrderPaymentReply>();
    expect(await variantStock(t.db, tee)).toEqual({ S: 3, M: 0 });
    expect(await stockOf(t.db, tee)).toBe(3);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.orderId));
    expect(item).toMatchObject({
      size: 'M',
      variantId: expect.any(String),
      sku: expect.stringMatching(/-M$/),
    });

    // The product page shows the Medium sold out and the Small on sale; the spec's figures follow.
    const detail = (await t.app.inject({ method: 'GET', url: `/api/products/${tee}` })).json();
    expect(detail.product).toMatchObject({ countInStock: 3, inStock: true, sizes: ['S', 'M'] });
    expect(detail.variants).toEqual([
      expect.objectContaining({ size: 'S', colour: null, countInStock: 3, inStock: true, price: 500 }),
      expect.objectContaining({ size: 'M', colour: null, countInStock: 0, inStock: false, price: 500 }),
    ]);

    // Ravi's Medium is gone; his Small is still on sale.
    const refused = await place(ravi);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Tee (M) is out of stock. Remove it from your cart to continue.');
    expect((await add(ravi, { productId: tee, quantity: 1, size: 'M' })).statusCode).toBe(409);
    expect((await add(asha, { productId: tee, quantity: 1, size: 'S' })).statusCode).toBe(200);

    // Unpaid past its window: the Medium is back, as an expiry.
    clock.advance(31 * MINUTE);
    await t.services.orders.expireDue();
    expect(await variantStock(t.db, tee)).toEqual({ S: 3, M: 1 });

    // Ravi buys it and pays, then cancels: stock back as a cancellation, the money refunded.
    const again = (await place(ravi)).json<OrderPaymentReply>();
    await payAtRazorpay(t, razorpay, ravi, again);
    expect(await variantStock(t.db, tee)).toEqual({ S: 3, M: 0 });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${again.orderId}/cancel`,
      headers: ravi.auth,
      payload: { reason: 'Ordered by mistake' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().refunds).toMatchObject([{ status: 'processed' }]);
    expect(await variantStock(t.db, tee)).toEqual({ S: 3, M: 1 });

    expect(
      (await ledgerOf(t.db, tee)).map(({ variant, change, reason, resultingStock }) => [
        variant,
        change,
        reason,
        resultingStock,
      ]),
    ).toEqual([
      ['S', 3, 'adjustment', 3],
      ['M', 1, 'adjustment', 1],
      ['M', -1, 'sale', 0],
      ['M', 1, 'expiry', 1],
      ['M', -1, 'sale', 0],
      ['M', 1, 'cancellation', 1],
    ]);
    expect(await stockMismatches(t.db)).toEqual([]);
  });

  it('refuses, at commit, stock changed without its ledger row, and never changes a ledger row', async () => {
    const cap = await insertVariantProduct(t.db, { name: 'Cap', pricePaise: 20_000 }, { default: 5 });
    const [variant] = await variantsOf(t.db, cap);
    await expect(
      t.db.update(productVariants).set({ stock: 50 }).where(eq(productVariants.id, variant!.id)),
    ).rejects.toThrow();
    await expect(
      t.db.update(inventoryLedger).set({ change: 9 }).where(eq(inventoryLedger.variantId, variant!.id)),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`select inventory_move(${variant!.id}::uuid, -6, 'adjustment', null, null)`),
    ).resolves.toBeDefined();
    expect(await variantStock(t.db, cap)).toEqual({ default: 5 });
    expect(await stockMismatches(t.db)).toEqual([]);
  });
});
