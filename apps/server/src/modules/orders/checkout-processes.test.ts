import { COUPON_MESSAGES } from '@bazaar/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  couponUses,
  fillCart,
  insertCoupon,
  insertProduct,
  ORDER_BODY,
  type Shopper,
  shopper,
  stockOf,
} from '../../../test/fixtures/checkout';
import { insertVariantProduct, stockMismatches, variantStock } from '../../../test/fixtures/inventory';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';
import { inTransaction } from '../../db/transaction';
import { lockShopSettings, updateShopSettings } from '../settings/settings.repo';

// checkout-concurrency.test.ts races two apps inside one Node process; this races two real server
// processes (`node --import tsx src/server.ts`) over HTTP on one PostgreSQL database, as production
// runs. PGlite cannot be shared between processes, so without TEST_DATABASE_URL there is nothing to run.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const skipped = onPostgres
  ? ''
  : ' (skipped: needs TEST_DATABASE_URL; PGlite cannot be shared between processes)';

describe.skipIf(!onPostgres)(`checkout on two separate server processes over HTTP${skipped}`, () => {
  // Seeds the fresh database and mints the shoppers' tokens with the secret the processes are given.
  let seeder: TestApp;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    seeder = await createTestApp();
    const { database, config } = seeder.deps;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: config.jwtSecret,
      // Every request of the test comes from 127.0.0.1; the per-IP limit is not what is tested here.
      RATE_LIMIT_MAX: '100000',
    };
    const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await seeder?.close();
  });

  const crowd = (count: number, tag: string): Promise<Shopper[]> =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        shopper(seeder, `${tag}${i}-${Math.floor(Math.random() * 1e9)}@example.com`),
      ),
    );

  /** Every shopper's POST /api/orders at once, alternating between the two processes (from one browser, given its cookie). */
  const placeAll = (shoppers: Shopper[], cookie?: string) =>
    Promise.all(
      shoppers.map(async (s, i) => {
        const res = await fetch(`${servers[i % 2]!.baseUrl}/api/orders`, {
          method: 'POST',
          headers: { ...s.auth, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          body: JSON.stringify({ ...ORDER_BODY, email: s.email }),
        });
        return { status: res.status, body: (await res.json()) as { message?: string } };
      }),
    );

  /** How many replies had each status, for a failure's message. */
  const tally = (replies: { status: number }[]) => {
    const counts: Record<number, number> = {};
    for (const r of replies) counts[r.status] = (counts[r.status] ?? 0) + 1;
    return `replies by status: ${JSON.stringify(counts)}`;
  };

  it('lets exactly 10 of 50 shoppers reserve one of 10 units; the other 40 are told the product is out of stock', async () => {
    const gadget = await insertProduct(seeder.db, { name: 'Gadget', pricePaise: 50_000, countInStock: 10 });
    const shoppers = await crowd(50, 'racer');
    for (const s of shoppers) await fillCart(seeder.db, s.id, [{ productId: gadget, quantity: 1 }]);

    const replies = await placeAll(shoppers);
    expect(
      replies.filter((r) => r.status === 201),
      tally(replies),
    ).toHaveLength(10);
    const refused = replies.filter((r) => r.status >= 400 && r.status < 500);
    expect(refused, tally(replies)).toHaveLength(40);
    for (const r of refused) expect(r.body.message).toContain('Gadget');
    // Both processes placed some of the orders, so the race really crossed processes.
    expect(replies.filter((r, i) => r.status === 201 && i % 2 === 0).length).toBeGreaterThan(0);
    expect(replies.filter((r, i) => r.status === 201 && i % 2 === 1).length).toBeGreaterThan(0);
    expect(await stockOf(seeder.db, gadget)).toBe(0);
    expect(await stockMismatches(seeder.db)).toEqual([]);
  });

  it('sells exactly the 3 Mediums to 30 shoppers racing for them, while all 10 wanting a Small get one', async () => {
    const kurta = await insertVariantProduct(
      seeder.db,
      { name: 'Kurta', pricePaise: 70_000, sizes: ['S', 'M'] },
      { S: 12, M: 3 },
    );
    const medium = await crowd(30, 'medium');
    const small = await crowd(10, 'small');
    for (const s of medium) await fillCart(seeder.db, s.id, [{ productId: kurta, quantity: 1, size: 'M' }]);
    for (const s of small) await fillCart(seeder.db, s.id, [{ productId: kurta, quantity: 1, size: 'S' }]);

    // Interleaved, so Small and Medium orders cross on both processes.
    const everyone = medium.flatMap((s, i) => (small[i] ? [s, small[i]!] : [s]));
    const replies = await placeAll(everyone);
    const bySize = (list: Shopper[]) => replies.filter((_, i) => list.includes(everyone[i]!));
    const mediumReplies = bySize(medium);
    expect(
      mediumReplies.filter((r) => r.status === 201),
      tally(mediumReplies),
    ).toHaveLength(3);
    for (const r of mediumReplies.filter((r) => r.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('Kurta (M) is out of stock. Remove it from your cart to continue.');
    }
    expect(
      bySize(small).filter((r) => r.status === 201),
      tally(bySize(small)),
    ).toHaveLength(10);
    expect(await variantStock(seeder.db, kurta)).toEqual({ S: 2, M: 0 });
    expect(await stockOf(seeder.db, kurta)).toBe(2);
    expect(await stockMismatches(seeder.db)).toEqual([]);
  });

  it('holds a coupon with a usage limit of 5 exactly 5 times among 30 shoppers', async () => {
    const coupon = await insertCoupon(seeder.db, { code: 'PROC5', discount: 10, usageLimit: 5 });
    const gizmo = await insertProduct(seeder.db, { name: 'Gizmo', pricePaise: 40_000, countInStock: 100 });
    const shoppers = await crowd(30, 'coupon');
    for (const s of shoppers) await fillCart(seeder.db, s.id, [{ productId: gizmo, quantity: 1 }], coupon);

    const replies = await placeAll(shoppers);
    expect(
      replies.filter((r) => r.status === 201),
      tally(replies),
    ).toHaveLength(5);
    const refused = replies.filter((r) => r.status >= 400 && r.status < 500);
    expect(refused, tally(replies)).toHaveLength(25);
    for (const r of refused) expect(r.body.message).toBe(COUPON_MESSAGES.usedUp);
    expect(await couponUses(seeder.db, coupon)).toBe(5);
    expect(await stockOf(seeder.db, gizmo)).toBe(95);
  });

  /** The hold limits both processes read: `units` per shopper (no share of the stock), `multiple` × that per network. */
  const holdLimits = (units: number, multiple: number) =>
    inTransaction(seeder.db, async (tx) => {
      await lockShopSettings(tx);
      await updateShopSettings(tx, {
        holdLimitUnits: units,
        holdLimitPercent: 0,
        holdAddressMultiple: multiple,
      });
    });

  it('lets 30 accounts in one browser hold 5 units together, whichever process each order reaches', async () => {
    await holdLimits(5, 100);
    try {
      const bulb = await insertProduct(seeder.db, { name: 'Bulb', pricePaise: 10_000, countInStock: 100 });
      const shoppers = await crowd(30, 'device');
      for (const s of shoppers) await fillCart(seeder.db, s.id, [{ productId: bulb, quantity: 1 }]);
      const first = await fetch(`${servers[0]!.baseUrl}/api/orders/checkout`, { headers: shoppers[0]!.auth });
      const cookie = first.headers.getSetCookie()[0]!.split(';')[0]!;
      expect(cookie).toMatch(/^bazaar_device=/);

      const replies = await placeAll(shoppers, cookie);
      expect(
        replies.filter((r) => r.status === 201),
        tally(replies),
      ).toHaveLength(5);
      const refused = replies.filter((r) => r.status === 409);
      expect(refused, tally(replies)).toHaveLength(25);
      for (const r of refused) {
        expect(r.body.message).toMatch(
          /^You can hold at most 5 of Bulb in unpaid orders, and orders placed from this device hold 5/,
        );
      }
      expect(await stockOf(seeder.db, bulb)).toBe(95);
    } finally {
      await holdLimits(5, 4);
    }
  });

  it('lets 50 shoppers on one network hold 4 × 5 units together, and tells the other 30 to try again', async () => {
    await holdLimits(5, 4);
    const fan = await insertProduct(seeder.db, { name: 'Table Fan', pricePaise: 90_000, countInStock: 100 });
    const shoppers = await crowd(50, 'network');
    for (const s of shoppers) await fillCart(seeder.db, s.id, [{ productId: fan, quantity: 1 }]);

    const replies = await placeAll(shoppers);
    expect(
      replies.filter((r) => r.status === 201),
      tally(replies),
    ).toHaveLength(20);
    const refused = replies.filter((r) => r.status === 409);
    expect(refused, tally(replies)).toHaveLength(30);
    for (const r of refused) {
      expect(r.body.message).toMatch(
        /^Too many of Table Fan are waiting for payment in orders from your internet connection/,
      );
    }
    expect(await stockOf(seeder.db, fan)).toBe(80);
  });
});
