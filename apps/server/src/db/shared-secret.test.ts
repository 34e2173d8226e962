import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type OrderPaymentReply, SANDBOX_CARDS, type SandboxPayReply } from '@bazaar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCart, insertProduct, ORDER_BODY, shopper } from '../../test/fixtures/checkout';
import { createTestApp, type TestApp } from '../../test/helpers';
import { openDatabase } from './client';
import { serverSecrets } from './schema/index';
import { sharedSecret } from './shared-secret';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('the session secret kept in the database (DATABASE_URL without JWT_SECRET)', () => {
  let a: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ jwtSecret: undefined });
  });
  afterAll(async () => a?.close());

  it('is made once and read by every app on the database, whatever its DATA_DIR', async () => {
    const secret = a.deps.config.jwtSecret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const b = await createTestApp({ jwtSecret: undefined }, { sameDatabaseAs: a });
    try {
      expect(b.dataDir).not.toBe(a.dataDir);
      expect(b.deps.config.jwtSecret).toBe(secret);
      expect(await a.db.select().from(serverSecrets)).toEqual([
        expect.objectContaining({ name: 'jwt', value: secret }),
      ]);
    } finally {
      await b.close();
    }
  });

  it("signs sessions one app makes and the other accepts (and the sandbox's keys agree)", async () => {
    const b = await createTestApp({ jwtSecret: undefined }, { sameDatabaseAs: a });
    try {
      const registered = await a.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: {
          name: 'Asha',
          email: 'asha@example.com',
          password: 'sunrise42',
          phoneNumber: '9876543210',
        },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const me = await b.app.inject({
        method: 'GET',
        url: '/api/users/user',
        headers: { authorization: `Bearer ${registered.json().token}` },
      });
      expect(me.statusCode, me.body).toBe(200);

      // The sandbox's keys derive from the secret: a payment its page took on one machine is
      // verified by the other.
      const asha = await shopper(a, 'asha.pays@example.com');
      const lamp = await insertProduct(a.db, { name: 'Lamp', pricePaise: 49_900, countInStock: 3 });
      await fillCart(a.db, asha.id, [{ productId: lamp, quantity: 1 }]);
      const placed = await a.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: asha.auth,
        payload: { ...ORDER_BODY, email: asha.email },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json() as OrderPaymentReply;
      const paid = await a.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/pay',
        payload: {
          orderId: order.razorpayOrderId,
          cardNumber: SANDBOX_CARDS.success,
          expiry: '12/30',
          cvv: '123',
        },
      });
      const receipt = paid.json() as SandboxPayReply;
      if (receipt.status !== 'captured') throw new Error(paid.body);
      const verified = await b.app.inject({
        method: 'POST',
        url: '/api/orders/verify',
        headers: asha.auth,
        payload: {
          orderId: order.orderId,
          paymentId: receipt.razorpay_payment_id,
          signature: receipt.razorpay_signature,
          razorpayOrderId: receipt.razorpay_order_id,
        },
      });
      expect(verified.statusCode, verified.body).toBe(200);
    } finally {
      await b.close();
    }
  });

  it('is left alone when JWT_SECRET is given', async () => {
    const given = 'a-secret-given-by-the-operator-and-long-enough';
    const c = await createTestApp({ jwtSecret: given }, { sameDatabaseAs: a });
    try {
      expect(c.deps.config.jwtSecret).toBe(given);
    } finally {
      await c.close();
    }
  });
});

describe('a machine moving onto a shared database', () => {
  it('offers the secret it kept under DATA_DIR, so nobody is signed out by the move', async () => {
    const kept = 'kept-under-data-dir-by-an-earlier-start-0123456789';
    const first = await createTestApp();
    try {
      writeFileSync(path.join(first.dataDir, 'jwt-secret'), kept);
      const moved = await createTestApp(
        { jwtSecret: undefined, dataDir: first.dataDir },
        { sameDatabaseAs: first },
      );
      expect(moved.deps.config.jwtSecret).toBe(kept);
      await moved.close();
    } finally {
      await first.close();
    }
  });
});

describe.skipIf(!onPostgres)('sharedSecret on PostgreSQL, raced', () => {
  it('gives processes starting at the same moment the same secret', async () => {
    const t = await createTestApp();
    const database = t.deps.database;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    // Three pools, as three processes would have, each asking many times at once.
    const others = await Promise.all(
      [1, 2].map(() => openDatabase({ url: database.url, dataDir: t.dataDir })),
    );
    try {
      const dbs = [t.db, ...others.map((o) => o.db)];
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          sharedSecret(dbs[i % dbs.length]!, 'raced', () => `candidate-${i}-${'x'.repeat(32)}`),
        ),
      );
      expect(new Set(answers).size).toBe(1);
      expect((await t.db.select().from(serverSecrets)).filter((r) => r.name === 'raced')).toHaveLength(1);
    } finally {
      await Promise.all(others.map((o) => o.close()));
      await t.close();
    }
  });
});
