import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualBackground } from '../../../test/background';
import { insertProduct, stockOf } from '../../../test/fixtures/checkout';
import { insertPendingOrder } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';
import { orderStatusHistory, orders } from '../../db/schema/orders';
import { insertUser } from '../users/users.repo';

// Two real server processes (`node --import tsx src/server.ts`) on one PostgreSQL database, each
// running the COD confirmation job every 50 ms over the same overdue orders: every order must be
// cancelled exactly once (one history row, its stock given back once). PGlite cannot be shared
// between processes, so without TEST_DATABASE_URL there is nothing to run.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const skipped = onPostgres
  ? ''
  : ' (skipped: needs TEST_DATABASE_URL; PGlite cannot be shared between processes)';

async function until(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!onPostgres)(
  `COD orders unconfirmed in time, on two processes${skipped}`,
  { timeout: 180_000 },
  () => {
    let seeder: TestApp;
    const running: ServerProcess[] = [];

    beforeAll(async () => {
      seeder = await createTestApp({}, { background: new ManualBackground() });
    });
    afterAll(async () => {
      await Promise.all(running.splice(0).map((s) => s.stop()));
      await seeder?.close();
    });

    it('cancels each overdue order exactly once, gives its stock back once, and leaves the rest', async () => {
      const productId = await insertProduct(seeder.db, {
        name: 'Brass Lamp',
        pricePaise: 50_000,
        countInStock: 1000,
      });
      const user = await insertUser(seeder.db, {
        name: 'Asha',
        email: 'asha@example.com',
        passwordHash: null,
      });
      const past = new Date(Date.now() - 60_000);
      const future = new Date(Date.now() + 3600_000);
      const overdue: string[] = [];
      // More than one batch (25), so the two processes claim at the same time.
      for (let i = 0; i < 60; i++) {
        const order = await insertPendingOrder(seeder.db, {
          userId: user.id,
          items: [{ productId, quantity: 2, unitPricePaise: 50_000 }],
          order: { status: 'Awaiting confirmation', paymentMethod: 'cod', expiresAt: past },
        });
        overdue.push(order.id);
      }
      const waiting = await insertPendingOrder(seeder.db, {
        userId: user.id,
        items: [{ productId, quantity: 1, unitPricePaise: 50_000 }],
        order: { status: 'Awaiting confirmation', paymentMethod: 'cod', expiresAt: future },
      });
      expect(await stockOf(seeder.db, productId)).toBe(1000 - 121);
      const { database, config } = seeder.deps;
      if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const env = {
        DATABASE_URL: database.url,
        JWT_SECRET: config.jwtSecret,
        ORDER_EXPIRY_CHECK_MS: '50',
        RATE_LIMIT_MAX: '100000',
      };
      running.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
      await until('every overdue order cancelled', async () => {
        const [row] = await seeder.db
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .where(and(inArray(orders.id, overdue), eq(orders.status, 'Cancelled')));
        return row!.n === overdue.length;
      });
      // A few more rounds of both jobs over orders already cancelled.
      await new Promise((r) => setTimeout(r, 500));
      const cancellations = await seeder.db
        .select({ orderId: orderStatusHistory.orderId, n: sql<number>`count(*)::int` })
        .from(orderStatusHistory)
        .where(
          and(inArray(orderStatusHistory.orderId, overdue), eq(orderStatusHistory.toStatus, 'Cancelled')),
        )
        .groupBy(orderStatusHistory.orderId);
      expect(cancellations).toHaveLength(overdue.length);
      expect(cancellations.every((c) => c.n === 1)).toBe(true);
      expect(await stockOf(seeder.db, productId)).toBe(1000 - 1);
      const [left] = await seeder.db.select().from(orders).where(eq(orders.id, waiting.id));
      expect(left!.status).toBe('Awaiting confirmation');
    });
  },
);
