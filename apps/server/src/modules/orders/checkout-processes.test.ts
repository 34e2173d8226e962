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
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';

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

  /** Every shopper's POST /api/orders at once, alternating between the two processes. */
  const placeAll = (shoppers: Shopper[]) =>
    Promise.all(
      shoppers.map(async (s, i) => {
        const res = await fetch(`${servers[i % 2]!.baseUrl}/api/orders`, {
          method: 'POST',
          headers: { ...s.auth, 'content-type': 'application/json' },
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
});
