import { CART_MESSAGES, WISHLIST_MAX, WISHLIST_MESSAGES, type WishlistReply } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import type { ProductRow } from '../../../test/fixtures/products';
import { insertProduct } from '../../../test/fixtures/shopping';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { products } from '../../db/schema/catalogue';
import { wishlistItems } from '../../db/schema/shopping';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('the signed-in wishlist', () => {
  let t: TestApp;
  const clock = new ManualClock();
  let vase: ProductRow;
  let lamp: ProductRow;
  let archived: ProductRow;
  let accounts = 0;

  const shopper = () => signUp(t, `liker${++accounts}@example.com`);
  const call = (who: Account, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });
  const names = (reply: WishlistReply) => reply.wishlist.map((item) => item.product.name);

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    vase = await insertProduct(t.db, {
      name: 'Blue Vase',
      pricePaise: 80_000,
      discount: 25,
      countInStock: 4,
    });
    lamp = await insertProduct(t.db, { name: 'Desk Lamp', pricePaise: 45_000, countInStock: 0 });
    archived = await insertProduct(t.db, {
      name: 'Old Stock',
      pricePaise: 100,
      archivedAt: new Date('2025-01-01'),
    });
  });
  afterAll(async () => t?.close());

  it('is for signed-in shoppers only', async () => {
    for (const [method, url] of [
      ['GET', '/api/wishlist/get'],
      ['POST', `/api/wishlist/add/${vase.id}`],
      ['DELETE', `/api/wishlist/remove/${vase.id}`],
      ['POST', '/api/wishlist/merge'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  it('adds a product once, with the spec’s messages, showing live price and stock', async () => {
    const me = await shopper();
    expect(((await call(me, 'GET', '/wishlist/get')).json() as WishlistReply).wishlist).toEqual([]);
    const first = await call(me, 'POST', `/wishlist/add/${vase.id}`);
    expect(first.statusCode).toBe(200);
    const reply = first.json() as WishlistReply;
    expect(reply.message).toBe(WISHLIST_MESSAGES.added);
    expect(reply.wishlist).toEqual([
      { product: expect.objectContaining({ _id: vase.id }), addedAt: clock.now().toISOString() },
    ]);
    expect(reply.wishlist[0]!.product).toMatchObject({
      price: 800,
      discount: 25,
      salePrice: 600,
      countInStock: 4,
      inStock: true,
    });

    const again = (await call(me, 'POST', `/wishlist/add/${vase.id}`)).json() as WishlistReply;
    expect(again.message).toBe(WISHLIST_MESSAGES.alreadyThere);
    expect(again.wishlist).toHaveLength(1);

    await t.db.update(products).set({ countInStock: 0 }).where(eq(products.id, vase.id));
    const live = (await call(me, 'GET', '/wishlist/get')).json() as WishlistReply;
    expect(live.wishlist[0]!.product).toMatchObject({ countInStock: 0, inStock: false });
    await t.db.update(products).set({ countInStock: 4 }).where(eq(products.id, vase.id));
  });

  it('answers 404 for a product that does not exist or is no longer sold', async () => {
    const me = await shopper();
    for (const id of [MISSING_ID, 'not-a-uuid', archived.id]) {
      const res = await call(me, 'POST', `/wishlist/add/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe(CART_MESSAGES.productNotFound);
      expect((await call(me, 'DELETE', `/wishlist/remove/${id}`)).statusCode).toBe(404);
    }
  });

  it('removes a product and answers the wishlist', async () => {
    const me = await shopper();
    await call(me, 'POST', `/wishlist/add/${vase.id}`);
    clock.advance(1000);
    await call(me, 'POST', `/wishlist/add/${lamp.id}`);
    const res = await call(me, 'DELETE', `/wishlist/remove/${vase.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(WISHLIST_MESSAGES.removed);
    expect(names(res.json())).toEqual(['Desk Lamp']);
    // Removing what is not there is harmless.
    expect(names((await call(me, 'DELETE', `/wishlist/remove/${vase.id}`)).json())).toEqual(['Desk Lamp']);
  });

  it('keeps each shopper’s wishlist their own', async () => {
    const asha = await shopper();
    const ravi = await shopper();
    await call(asha, 'POST', `/wishlist/add/${vase.id}`);
    expect(names((await call(ravi, 'GET', '/wishlist/get')).json())).toEqual([]);
    await call(ravi, 'DELETE', `/wishlist/remove/${vase.id}`);
    expect(names((await call(asha, 'GET', '/wishlist/get')).json())).toEqual(['Blue Vase']);
  });

  it('merges the guest’s likes in their order, skipping duplicates and products no longer sold', async () => {
    const me = await shopper();
    await call(me, 'POST', `/wishlist/add/${lamp.id}`);
    const guestLikes = [
      { _id: vase.id, name: 'Blue Vase', image: null, price: 800, discount: 25 },
      { _id: MISSING_ID, name: 'Gone' },
      { _id: 'junk' },
      { _id: archived.id },
      { _id: lamp.id },
      { _id: vase.id },
    ];
    const res = await call(me, 'POST', '/wishlist/merge', { guestLikes });
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['Desk Lamp', 'Blue Vase']);
    expect(names((await call(me, 'POST', '/wishlist/merge', { guestLikes: [] })).json())).toEqual([
      'Desk Lamp',
      'Blue Vase',
    ]);
    const tooMany = Array.from({ length: 101 }, () => ({ _id: vase.id }));
    expect((await call(me, 'POST', '/wishlist/merge', { guestLikes: tooMany })).statusCode).toBe(400);
    expect(
      (await call(me, 'POST', '/wishlist/merge', { guestLikes: [{ _id: vase.id, evil: 1 }] })).statusCode,
    ).toBe(400);
  });

  it(`holds at most ${WISHLIST_MAX} products, even when adds race for the last places`, async () => {
    const me = await shopper();
    const many = await t.db
      .insert(products)
      .values(
        Array.from({ length: WISHLIST_MAX + 3 }, (_, i) => ({
          name: `Liked ${i}`,
          pricePaise: 100 + i,
          category: 'Fashion',
        })),
      )
      .returning({ id: products.id });
    const ids = many.map((p) => p.id);
    await t.db
      .insert(wishlistItems)
      .values(ids.slice(0, WISHLIST_MAX - 2).map((productId) => ({ userId: me.id, productId })));
    // Five different products at once for two places: exactly two get in.
    const racing = ids.slice(WISHLIST_MAX - 2, WISHLIST_MAX + 3);
    const replies = await Promise.all(racing.map((id) => call(me, 'POST', `/wishlist/add/${id}`)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    const refused = replies.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe(WISHLIST_MESSAGES.full);
    expect((await call(me, 'GET', '/wishlist/get')).json().wishlist).toHaveLength(WISHLIST_MAX);
    // A product already there is no new place: still "already in wishlist", not "full".
    const again = await call(me, 'POST', `/wishlist/add/${ids[0]}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(WISHLIST_MESSAGES.alreadyThere);
    // A merge into a full wishlist leaves the guest's likes out rather than failing the sign-in.
    const merged = await call(me, 'POST', '/wishlist/merge', { guestLikes: [{ _id: vase.id }] });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().wishlist).toHaveLength(WISHLIST_MAX);
  });
});
