import type { OrderPaymentReply } from '@bazaar/shared';
import { SANDBOX_CARDS } from '@bazaar/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  fillCart,
  insertProduct,
  ORDER_BODY,
  type Shopper,
  shopper,
  stockOf,
} from '../../../test/fixtures/checkout';
import { paymentRows, sandboxWebhookRows } from '../../../test/fixtures/payments';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type RazorpayServer, startRazorpayServer } from '../../../test/razorpay-server';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';
import { refunds } from '../../db/schema/after-sale';
import { orders } from '../../db/schema/orders';
import { paymentEvents, sandboxPayments } from '../../db/schema/payments';
import type { KillPoint } from '../../lib/kill-point';
import { findOrderById, findStatusHistory } from '../orders/orders.repo';

// Real server processes (`node --import tsx src/server.ts`) on one PostgreSQL database, each killed
// with SIGKILL at a named point (TEST_KILL_AT, lib/kill-point.ts) while money is on its way: what
// survives is only what the database holds. Another process then takes over, and the order must end
// paid, or its money refunded; never cancelled with the money kept. PGlite cannot be shared between
// processes, so without TEST_DATABASE_URL there is nothing to run.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const skipped = onPostgres
  ? ''
  : ' (skipped: needs TEST_DATABASE_URL; PGlite cannot be shared between processes)';

/** Every process checks often, so a test waits for the outcome in well under a second. */
const FAST_JOBS = { ORDER_EXPIRY_CHECK_MS: '200', PAYMENTS_CHECK_MS: '200', RATE_LIMIT_MAX: '100000' };

/** Waits until `check` holds (it reads the database), failing with `what` after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function harness(extraEnv: () => Record<string, string>) {
  const h = {} as {
    seeder: TestApp;
    env: Record<string, string>;
    running: ServerProcess[];
    /**
     * A server process, killed at `killAt` when it gets there; one whose jobs get there on their
     * own may die before it answers, so it is not waited for.
     */
    start(
      killAt?: KillPoint,
      options?: { byItself?: boolean; env?: Record<string, string> },
    ): Promise<ServerProcess>;
    place(server: ServerProcess, s: Shopper): Promise<OrderPaymentReply>;
    status(orderId: string): Promise<string>;
    /** Waits until the process is gone, killed by its kill point. */
    died(server: ServerProcess): Promise<void>;
  };
  h.running = [];
  beforeAll(async () => {
    h.seeder = await createTestApp();
    const { database, config } = h.seeder.deps;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    h.env = { DATABASE_URL: database.url, JWT_SECRET: config.jwtSecret, ...FAST_JOBS, ...extraEnv() };
  });
  afterEach(async () => {
    await Promise.all(h.running.splice(0).map((s) => s.stop()));
  });
  afterAll(async () => h.seeder?.close());
  h.start = async (killAt, options = {}) => {
    const server = await startServerProcess(
      { ...h.env, ...options.env, ...(killAt ? { TEST_KILL_AT: killAt } : {}) },
      { ready: !options.byItself },
    );
    h.running.push(server);
    return server;
  };
  h.place = async (server, s) => {
    const res = await fetch(`${server.baseUrl}/api/orders`, {
      method: 'POST',
      headers: { ...s.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...ORDER_BODY, email: s.email }),
    });
    if (res.status !== 201) throw new Error(`placing failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as OrderPaymentReply;
  };
  h.status = async (orderId) => (await findOrderById(h.seeder.db, orderId))!.status;
  h.died = async (server) => {
    const { signal } = await Promise.race([
      server.exited,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`the process did not die:\n${server.output()}`)), 20_000),
      ),
    ]);
    expect(signal).toBe('SIGKILL');
  };
  return h;
}

/** The shopper pays on the sandbox's payment page served by `server`; the reply is lost if it dies first. */
async function payInSandbox(server: ServerProcess, providerOrderId: string): Promise<number | undefined> {
  try {
    const res = await fetch(`${server.baseUrl}/api/payments/sandbox/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        orderId: providerOrderId,
        cardNumber: SANDBOX_CARDS.success,
        expiry: '12/30',
        cvv: '123',
      }),
    });
    return res.status;
  } catch {
    return undefined;
  }
}

// Each test starts and kills real server processes: on a loaded two-core machine one takes up to ~75 s.
describe.skipIf(!onPostgres)(
  `sandbox payments, the process killed at each point${skipped}`,
  { timeout: 180_000 },
  () => {
    const h = harness(() => ({ PAYMENTS_PROVIDER: 'sandbox' }));
    const lateRefunds = (orderId: string) =>
      h.seeder.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    let n = 0;
    const newShopper = () => shopper(h.seeder, `killed${n++}-${Math.floor(Math.random() * 1e9)}@example.com`);
    const webhooksOf = async (providerOrderId: string) =>
      (await sandboxWebhookRows(h.seeder.db)).filter((w) => w.body.includes(providerOrderId));
    /** "A minute passes": the retries the dead process left are due now. */
    const retriesDue = () =>
      h.seeder.db.execute(`update sandbox_webhooks set next_attempt_at = now() where status = 'pending'`);
    const eventsOf = (providerOrderId: string) =>
      h.seeder.db.select().from(paymentEvents).where(eq(paymentEvents.providerOrderId, providerOrderId));

    /**
     * A process killed while it delivers the payment's webhooks: only the delivery the payment starts
     * runs there (no payments job racing it), so the kill lands at a known webhook.
     */
    const deliveringOnly = (killAt: KillPoint) => h.start(killAt, { env: { PAYMENTS_CHECK_MS: '0' } });

    const setUp = async (stock = 3) => {
      const asha = await newShopper();
      const product = await insertProduct(h.seeder.db, {
        name: 'Lamp',
        pricePaise: 100_000,
        countInStock: stock,
      });
      await fillCart(h.seeder.db, asha.id, [{ productId: product, quantity: 1 }]);
      return { asha, product };
    };

    it('after the payment was captured and before any webhook went out: another process delivers them', async () => {
      const { asha, product } = await setUp();
      const a = await h.start('sandbox:payment-committed');
      const order = await h.place(a, asha);
      expect(await payInSandbox(a, order.razorpayOrderId)).toBeUndefined();
      await h.died(a);
      expect(await h.status(order.orderId)).toBe('Pending');
      expect((await webhooksOf(order.razorpayOrderId)).map((w) => [w.event, w.status, w.attempts])).toEqual([
        ['payment.authorized', 'pending', 0],
        ['payment.captured', 'pending', 0],
        ['order.paid', 'pending', 0],
      ]);

      await h.start();
      await until('the order to be paid', async () => (await h.status(order.orderId)) === 'Processing');
      await until('every webhook delivered', async () =>
        (await webhooksOf(order.razorpayOrderId)).every((w) => w.status === 'delivered'),
      );
      expect(await stockOf(h.seeder.db, product)).toBe(2);
      expect((await paymentRows(h.seeder.db, order.orderId))[0]).toMatchObject({ status: 'captured' });
    });

    it('while a webhook was being delivered (claimed, not sent): it is sent again when its retry is due', async () => {
      const { asha } = await setUp();
      const a = await deliveringOnly('sandbox:webhook-claimed');
      const order = await h.place(a, asha);
      await payInSandbox(a, order.razorpayOrderId);
      await h.died(a);
      const left = await webhooksOf(order.razorpayOrderId);
      expect(left.map((w) => [w.status, w.attempts])).toEqual([
        ['pending', 1],
        ['pending', 0],
        ['pending', 0],
      ]);
      // Its next attempt was set a minute on when it was claimed.
      expect(left[0]!.nextAttemptAt.getTime() - left[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(59_000);
      await retriesDue();

      await h.start();
      await until('the order to be paid', async () => (await h.status(order.orderId)) === 'Processing');
      await until('every webhook delivered', async () =>
        (await webhooksOf(order.razorpayOrderId)).every((w) => w.status === 'delivered'),
      );
      expect((await eventsOf(order.razorpayOrderId)).map((e) => e.event).sort()).toEqual([
        'order.paid',
        'payment.authorized',
        'payment.captured',
      ]);
      expect(await findStatusHistory(h.seeder.db, order.orderId)).toHaveLength(2);
    });

    it('after the shop acknowledged a webhook and before the sandbox recorded it: the redelivery is a duplicate', async () => {
      const { asha } = await setUp();
      const a = await deliveringOnly('sandbox:webhook-acknowledged');
      const order = await h.place(a, asha);
      await payInSandbox(a, order.razorpayOrderId);
      await h.died(a);
      expect((await eventsOf(order.razorpayOrderId)).map((e) => e.event)).toEqual(['payment.authorized']);
      await retriesDue();

      await h.start();
      await until('every webhook delivered', async () =>
        (await webhooksOf(order.razorpayOrderId)).every((w) => w.status === 'delivered'),
      );
      expect(await h.status(order.orderId)).toBe('Processing');
      // payment.authorized was sent twice under its one event id, and applied once.
      expect(await eventsOf(order.razorpayOrderId)).toHaveLength(3);
      expect(await findStatusHistory(h.seeder.db, order.orderId)).toHaveLength(2);
    });

    it('in the middle of settling the payment: nothing of it stays, and the next delivery settles it once', async () => {
      const { asha, product } = await setUp();
      const a = await deliveringOnly('payments:settling');
      const order = await h.place(a, asha);
      await payInSandbox(a, order.razorpayOrderId);
      await h.died(a);
      // The transaction that moved the order died with the process.
      expect(await h.status(order.orderId)).toBe('Pending');
      expect((await paymentRows(h.seeder.db, order.orderId))[0]).toMatchObject({ status: 'created' });
      expect((await eventsOf(order.razorpayOrderId)).map((e) => e.event)).toEqual(['payment.authorized']);

      await h.start();
      await until('the order to be paid', async () => (await h.status(order.orderId)) === 'Processing');
      await retriesDue();
      await until('every webhook delivered', async () =>
        (await webhooksOf(order.razorpayOrderId)).every((w) => w.status === 'delivered'),
      );
      expect(await stockOf(h.seeder.db, product)).toBe(2);
      expect(await findStatusHistory(h.seeder.db, order.orderId)).toHaveLength(2);
    });

    it('before the expiry, its webhooks run out: the expiry asks the sandbox and pays the order, even when a process dies mid-expiry', async () => {
      const { asha, product } = await setUp();
      const bob = await newShopper();
      await fillCart(h.seeder.db, bob.id, [{ productId: product, quantity: 1 }]);
      const a = await h.start('sandbox:payment-committed');
      const paid = await h.place(a, asha);
      const unpaid = await h.place(a, bob);
      await payInSandbox(a, paid.razorpayOrderId);
      await h.died(a);
      // Every delivery failed for 24 hours; the reconciliation has not looked yet; both windows closed.
      const ids = [paid.orderId, unpaid.orderId];
      await h.seeder.db.execute(`update sandbox_webhooks set status = 'failed' where status = 'pending'`);
      await h.seeder.db.execute(
        `update payments set next_check_at = null where order_id in ('${ids.join("','")}')`,
      );
      await h.seeder.db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(inArray(orders.id, ids));

      // A process claims them for the expiry and dies before asking; then one dies having asked.
      const claimer = await h.start('orders:expiry-claimed', { byItself: true });
      await h.died(claimer);
      expect(await h.status(paid.orderId)).toBe('Pending');
      const stale = () =>
        h.seeder.db
          .update(orders)
          .set({ expiryClaimedAt: new Date(Date.now() - 10 * 60_000) })
          .where(inArray(orders.id, ids));
      await stale();
      const checker = await h.start('orders:expiry-checked', { byItself: true });
      await h.died(checker);
      expect(await h.status(unpaid.orderId)).toBe('Pending');
      await stale();

      await h.start();
      await until('both orders to be ended', async () =>
        (await Promise.all(ids.map(h.status))).every((s) => s !== 'Pending'),
      );
      expect(await h.status(paid.orderId)).toBe('Processing');
      expect((await findStatusHistory(h.seeder.db, paid.orderId)).at(-1)!.note).toContain(
        'found at the provider before the order expired',
      );
      expect(await h.status(unpaid.orderId)).toBe('Cancelled');
      // The cancelled order's unit went back once, the paid one's stays taken.
      expect(await stockOf(h.seeder.db, product)).toBe(2);
    });

    it('after a refund was made and before it was recorded: the next process finds it made, and refunds nothing twice', async () => {
      const { asha, product } = await setUp(1);
      const a = await h.start('payments:refund-made');
      const order = await h.place(a, asha);
      const deleted = await fetch(`${a.baseUrl}/api/orders/${order.orderId}`, {
        method: 'DELETE',
        headers: asha.auth,
      });
      expect(deleted.status).toBe(200);
      // The last unit sells to someone else; then the payment window Asha still had open takes her money.
      const ravi = await newShopper();
      await fillCart(h.seeder.db, ravi.id, [{ productId: product, quantity: 1 }]);
      await h.place(a, ravi);
      await payInSandbox(a, order.razorpayOrderId);
      await h.died(a);
      const [owed] = await paymentRows(h.seeder.db, order.orderId);
      // Made at the sandbox, not recorded: the refund in the refunds table is still pending.
      expect(await lateRefunds(order.orderId)).toMatchObject([{ kind: 'late_payment', status: 'pending' }]);
      const [atSandbox] = await h.seeder.db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.orderId, order.razorpayOrderId));
      expect(atSandbox).toMatchObject({ status: 'refunded', refundId: expect.stringMatching(/^rfnd_/) });
      // The dead process's claims (on the payment, and on its refund in the refunds table) go stale.
      await h.seeder.db.execute(
        `update payments set refund_claimed_at = now() - interval '10 minutes' where id = '${owed!.id}'`,
      );
      await h.seeder.db.execute(
        `update refunds set claimed_at = now() - interval '10 minutes' where order_id = '${order.orderId}'`,
      );

      await h.start();
      await until('the refund to be recorded', async () => {
        const [refund] = await lateRefunds(order.orderId);
        const [payment] = await paymentRows(h.seeder.db, order.orderId);
        return refund?.status === 'processed' && payment?.status === 'refunded';
      });
      // Asked again under its key, the sandbox answered the refund it had made: one refund, recorded.
      expect(await lateRefunds(order.orderId)).toMatchObject([
        { kind: 'late_payment', providerRefundId: atSandbox!.refundId },
      ]);
      expect(await h.status(order.orderId)).toBe('Cancelled');
    });
  },
);

describe.skipIf(!onPostgres)(
  `Razorpay with no webhook configured, the process killed at each point${skipped}`,
  { timeout: 180_000 },
  () => {
    const keys = { keyId: 'rzp_test_Killed01', keySecret: 'key-secret-killed', webhookSecret: 'unused' };
    let razorpay: RazorpayServer;
    beforeAll(async () => {
      razorpay = await startRazorpayServer(keys);
    });
    afterAll(async () => razorpay?.close());
    const h = harness(() => ({
      PAYMENTS_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: keys.keyId,
      RAZORPAY_KEY_SECRET: keys.keySecret,
      RAZORPAY_API_URL: razorpay.url,
    }));
    const lateRefunds = (orderId: string) =>
      h.seeder.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    let n = 0;
    const newShopper = () => shopper(h.seeder, `rzp${n++}-${Math.floor(Math.random() * 1e9)}@example.com`);
    const asked = (providerOrderId: string) =>
      razorpay.requests.filter((r) => r.url === `/v1/orders/${providerOrderId}/payments`).length;

    it('the shopper paid and closed the browser; the process settling it at expiry dies mid-settlement; the next one pays it', async () => {
      const asha = await newShopper();
      const product = await insertProduct(h.seeder.db, {
        name: 'Kettle',
        pricePaise: 150_000,
        countInStock: 2,
      });
      await fillCart(h.seeder.db, asha.id, [{ productId: product, quantity: 1 }]);
      const a = await h.start('payments:settling');
      const order = await h.place(a, asha);
      razorpay.pay(order.razorpayOrderId, 'authorized');
      await h.seeder.db.execute(
        `update payments set next_check_at = null where order_id = '${order.orderId}'`,
      );
      await h.seeder.db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, order.orderId));
      await h.died(a);
      expect(asked(order.razorpayOrderId)).toBe(1);
      expect(await h.status(order.orderId)).toBe('Pending');
      // Captured at Razorpay by the dead process; the shop's books know nothing of it.
      expect((await paymentRows(h.seeder.db, order.orderId))[0]).toMatchObject({ status: 'created' });
      await h.seeder.db
        .update(orders)
        .set({ expiryClaimedAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(orders.id, order.orderId));

      await h.start();
      await until('the order to be paid', async () => (await h.status(order.orderId)) === 'Processing');
      expect(asked(order.razorpayOrderId)).toBe(2);
      expect(await stockOf(h.seeder.db, product)).toBe(1);
      expect(razorpay.refunds).toHaveLength(0);
    });

    it('a payment captured after its order was cancelled and its stock sold: refunded once, though the process that refunded it died before recording it', async () => {
      const asha = await newShopper();
      const ravi = await newShopper();
      const product = await insertProduct(h.seeder.db, { name: 'Vase', pricePaise: 80_000, countInStock: 1 });
      await fillCart(h.seeder.db, asha.id, [{ productId: product, quantity: 1 }]);
      const a = await h.start('payments:refund-made');
      const order = await h.place(a, asha);
      const deleted = await fetch(`${a.baseUrl}/api/orders/${order.orderId}`, {
        method: 'DELETE',
        headers: asha.auth,
      });
      expect(deleted.status).toBe(200);
      await fillCart(h.seeder.db, ravi.id, [{ productId: product, quantity: 1 }]);
      await h.place(a, ravi);
      const late = razorpay.pay(order.razorpayOrderId, 'captured').payment;
      // "Two minutes pass": its first check is due.
      await h.seeder.db.execute(
        `update payments set next_check_at = now() where order_id = '${order.orderId}'`,
      );
      await h.died(a);
      expect(razorpay.refunds.filter((r) => r.payment_id === late.id)).toHaveLength(1);
      expect((await paymentRows(h.seeder.db, order.orderId))[0]).toMatchObject({ status: 'refund_due' });
      await h.seeder.db.execute(
        `update payments set refund_claimed_at = now() - interval '10 minutes' where order_id = '${order.orderId}'`,
      );
      await h.seeder.db.execute(
        `update refunds set claimed_at = now() - interval '10 minutes' where order_id = '${order.orderId}'`,
      );

      await h.start();
      await until('the refund to be recorded', async () => {
        const [refund] = await lateRefunds(order.orderId);
        const [payment] = await paymentRows(h.seeder.db, order.orderId);
        return refund?.status === 'processed' && payment?.status === 'refunded';
      });
      expect(razorpay.refunds.filter((r) => r.payment_id === late.id)).toHaveLength(1);
      expect(await h.status(order.orderId)).toBe('Cancelled');
    });
  },
);
