import type { ProductDetail, ProductList } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertFixtureCatalogue, type ProductRow } from '../../../test/fixtures/products';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { products } from '../../db/schema/catalogue';
import { LISTENER_NAME } from '../../lib/events/postgres-events';

/** Long enough that nothing in this file expires by itself: only an invalidation can refresh a reply. */
const CACHE = { catalogueCacheTtlMs: 10 * 60 * 1000 };

describe('catalogue changes reach every server process', () => {
  let a: TestApp;
  let b: TestApp;
  let lamp: ProductRow;
  let shirt: ProductRow;

  beforeAll(async () => {
    a = await createTestApp(CACHE);
    const rows = await insertFixtureCatalogue(a.db);
    lamp = rows.find((r) => r.name === 'Desk Lamp 3')!;
    shirt = rows.find((r) => r.name === 'Casual Shirt 12')!;
    // A second server process on the same database (own pool and listener on PostgreSQL).
    b = await createTestApp(CACHE, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const detail = async (t: TestApp, id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as ProductDetail;
  /** The product's price as a listing searching for its name shows it. */
  const listedPrice = async (t: TestApp, product: ProductRow) => {
    const url = `/api/products?search=${encodeURIComponent(product.name)}&limit=100`;
    const list = (await t.app.inject({ method: 'GET', url })).json() as ProductList;
    return list.products.find((p) => p._id === product.id)?.price;
  };
  const setPrice = (id: string, pricePaise: number) =>
    a.db.update(products).set({ pricePaise }).where(eq(products.id, id));

  it('shows a product edited through instance A on instance B within a second, cache on', async () => {
    expect((await detail(b, lamp.id)).product.price).toBe(lamp.pricePaise / 100);
    expect(await listedPrice(b, lamp)).toBe(lamp.pricePaise / 100);

    await setPrice(lamp.id, 123_400);
    // Cached: B still answers the old price, so what follows is the invalidation's doing.
    expect((await detail(b, lamp.id)).product.price).toBe(lamp.pricePaise / 100);
    await a.services.catalogue.invalidate([lamp.id]);

    // Instance A cleared its own replies at once.
    expect((await detail(a, lamp.id)).product.price).toBe(1234);
    await vi.waitFor(
      async () => {
        expect((await detail(b, lamp.id)).product.price).toBe(1234);
        expect(await listedPrice(b, lamp)).toBe(1234);
      },
      { timeout: 1000, interval: 20 },
    );
  });

  it("keeps other products' pages cached when named products change", async () => {
    const before = await detail(b, shirt.id);
    expect(await listedPrice(b, shirt)).toBe(before.product.price);
    await setPrice(shirt.id, shirt.pricePaise + 100);
    await a.services.catalogue.invalidate([lamp.id]);
    // The lamp's change reached B, where every listing was dropped …
    await vi.waitFor(async () => expect(await listedPrice(b, shirt)).toBe(before.product.price + 1), {
      timeout: 1000,
      interval: 20,
    });
    // … but the shirt's own page, which does not show the lamp, stayed cached.
    expect((await detail(b, shirt.id)).product.price).toBe(before.product.price);
    await a.services.catalogue.invalidate();
    await vi.waitFor(
      async () => expect((await detail(b, shirt.id)).product.price).toBe(shirt.pricePaise / 100 + 1),
      {
        timeout: 1000,
        interval: 20,
      },
    );
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'drops every cached reply once its listener is back, since changes may have been missed meanwhile',
    async () => {
      const before = await detail(b, shirt.id);
      const price = before.product.price;
      expect(await listedPrice(b, shirt)).toBe(price);
      // A change whose announcement never arrives (as when it is made while B's listener is away) …
      await setPrice(shirt.id, price * 100 + 500);
      expect((await detail(b, shirt.id)).product.price).toBe(price);
      // … and the listeners' connections lost (the database restarted, a proxy dropped them).
      await a.db.execute(
        `select pg_terminate_backend(pid) from pg_stat_activity
           where application_name = '${LISTENER_NAME}' and datname = current_database()`,
      );
      // Listening again, B cannot know what it missed: it drops its replies and reads anew.
      await vi.waitFor(
        async () => {
          expect((await detail(b, shirt.id)).product.price).toBe(price + 5);
          expect(await listedPrice(b, shirt)).toBe(price + 5);
        },
        { timeout: 3000, interval: 20 },
      );
    },
  );
});
