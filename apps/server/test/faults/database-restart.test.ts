import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { insertProduct, ORDER_BODY, type Shopper, shopper } from '../fixtures/checkout';
import { createTestApp } from '../helpers';
import { type PostgresInstance, postgresBinaries, startPostgresInstance } from '../postgres-instance';
import { type ServerProcess, startServerProcess } from '../server-process';

// Two real server processes under load on a PostgreSQL server of the test's own, which the test
// stops (a fast shutdown: every session is ended with 57P01, transactions in flight included) and
// starts again. No process may exit, no request may get a 500 (503 with Retry-After while the
// database is away, and readiness 503), and each must answer again within a second of the database
// coming back.
const bin = postgresBinaries();
const skipped = bin ? '' : ' (skipped: no PostgreSQL server programs found; install them or set TEST_PG_BIN)';

/** How long the database stays down. */
const OUTAGE_MS = 5000;
/** Workers per server process, each a shopper of its own reading, adding to its cart and checking out. */
const WORKERS = 6;

interface Outcome {
  at: number;
  server: number;
  route: string;
  /** 0: no HTTP reply at all (refused, reset): the process is gone or dropped the connection. */
  status: number;
  retryAfter: string | null;
  error?: string;
}

describe.skipIf(!bin)(`a PostgreSQL restart under load${skipped}`, () => {
  let pg: PostgresInstance;
  const servers: ServerProcess[] = [];
  let shoppers: Shopper[] = [];
  let productIds: string[] = [];

  beforeAll(async () => {
    pg = await startPostgresInstance(bin!);
    // Migrates the new server's database and seeds it; the shoppers' tokens are signed with the secret
    // the processes are given.
    const database = await openDatabase({ url: pg.url, dataDir: tmpdir(), poolSize: 2 });
    const seeder = await createTestApp({}, { database });
    try {
      productIds = await Promise.all(
        ['Lamp', 'Kettle', 'Mug', 'Rug'].map((name, i) =>
          insertProduct(seeder.db, { name, pricePaise: 10_000 * (i + 1), countInStock: 1_000_000 }),
        ),
      );
      shoppers = await Promise.all(
        Array.from({ length: 2 * WORKERS }, (_, i) => shopper(seeder, `restart${i}@example.com`)),
      );
      const env = {
        DATABASE_URL: pg.url,
        JWT_SECRET: seeder.deps.config.jwtSecret,
        RATE_LIMIT_MAX: '1000000',
        // The expiry job runs every half second, so the outage meets it mid-round too.
        ORDER_EXPIRY_CHECK_MS: '500',
      };
      const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
      for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
      for (const s of started) if (s.status === 'rejected') throw s.reason;
    } finally {
      await seeder.close();
      await database.close();
    }
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await pg?.destroy();
  });

  it('keeps every process up, answers 503 with Retry-After meanwhile and serves again within a second', async () => {
    const outcomes: Outcome[] = [];
    const t0 = Date.now();
    const call = async (server: number, route: string, path: string, init: RequestInit = {}) => {
      try {
        const res = await fetch(`${servers[server]!.baseUrl}${path}`, {
          ...init,
          signal: AbortSignal.timeout(15_000),
        });
        const body = await res.text();
        outcomes.push({
          ...(res.status >= 400 ? { error: body.slice(0, 200) } : {}),
          at: Date.now() - t0,
          server,
          route,
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
        });
        return { status: res.status, body };
      } catch (error) {
        outcomes.push({
          at: Date.now() - t0,
          server,
          route,
          status: 0,
          retryAfter: null,
          error: String(error),
        });
        return { status: 0, body: '' };
      }
    };

    let running = true;
    const worker = async (w: number) => {
      const server = w % 2;
      const s = shoppers[w]!;
      const json = { ...s.auth, 'content-type': 'application/json' };
      // Orders placed and not yet deleted: a shopper may hold only a few unpaid ones.
      const unpaid: string[] = [];
      for (let round = 0; running; round++) {
        const product = productIds[round % productIds.length]!;
        // A listing no one asked for yet (a cache miss, so it reaches the database), then a product page.
        await call(
          server,
          'listing',
          `/api/products?search=${['lamp', 'mug', 'e'][round % 3]}&page=${(round % 50) + 1}`,
        );
        await call(server, 'product', `/api/products/${product}`);
        await call(server, 'cart add', '/api/cart/add', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ productId: product, quantity: 1 }),
        });
        if (round % 3 === 2) {
          const placed = await call(server, 'checkout', '/api/orders', {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ ...ORDER_BODY, email: s.email }),
          });
          if (placed.status === 201) unpaid.push((JSON.parse(placed.body) as { orderId: string }).orderId);
        }
        const order = unpaid[0];
        if (order) {
          const deleted = await call(server, 'order delete', `/api/orders/${order}`, {
            method: 'DELETE',
            headers: s.auth,
          });
          if (deleted.status === 200) unpaid.shift();
        }
      }
    };
    const load = Array.from({ length: 2 * WORKERS }, (_, w) => worker(w));

    await new Promise((r) => setTimeout(r, 2000));
    const stopping = Date.now() - t0;
    await pg.stop();
    const down = Date.now() - t0;
    // Meanwhile neither process is ready: a load balancer would send its requests elsewhere.
    const readiness = async () =>
      Promise.all(
        servers.map(async (s) => {
          const res = await fetch(`${s.baseUrl}/api/health/ready`);
          return { status: res.status, ...((await res.json()) as { database: { reachable: boolean } }) };
        }),
      );
    const readyDuring = await readiness();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    await pg.start();
    const back = Date.now() - t0;

    // Each process's first answer read from the database (a shopper's cart is never cached) after it is back.
    const recovery = await Promise.all(
      servers.map(async (_, server) => {
        for (;;) {
          const { status } = await call(server, 'probe', '/api/cart/get', {
            headers: shoppers[server]!.auth,
          });
          if (status === 200) return Date.now() - t0 - back;
          if (Date.now() - t0 - back > 10_000) return Number.POSITIVE_INFINITY;
          await new Promise((r) => setTimeout(r, 20));
        }
      }),
    );
    const readyAfter = await readiness();
    await new Promise((r) => setTimeout(r, 2000));
    running = false;
    await Promise.all(load);

    const byStatus: Record<string, number> = {};
    for (const o of outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
    const failures = outcomes.filter((o) => o.status === 0 || (o.status >= 500 && o.status !== 503));
    // Times in ms from the start of the load: the stop asked for, the server down, back (its first
    // connection); then each process's first answer from the database after that.
    const summary = {
      stopping,
      down,
      back,
      recoveryMs: recovery,
      byStatus,
      exits: servers.map((s) => s.exit()),
    };
    console.log('database restart under load:', JSON.stringify(summary));
    const detail = () =>
      JSON.stringify(
        {
          ...summary,
          failures: failures.slice(0, 10),
          refused: outcomes.filter((o) => o.status >= 400 && o.status < 500).slice(0, 5),
          checkoutsAfter: outcomes.filter((o) => o.at > back + 1000 && o.route === 'checkout').slice(0, 5),
        },
        null,
        1,
      ) + servers.map((s, i) => `\n--- process ${i}:\n${s.output().slice(-3000)}`).join('');

    expect(
      servers.map((s) => s.exit()),
      detail(),
    ).toEqual([undefined, undefined]);
    expect(failures, detail()).toEqual([]);
    for (const r of readyDuring) expect(r).toMatchObject({ status: 503, database: { reachable: false } });
    for (const r of readyAfter) expect(r).toMatchObject({ status: 200, ready: true });
    const unavailable = outcomes.filter((o) => o.status === 503);
    // The outage reached the requests: otherwise this test proved nothing.
    expect(unavailable.length, detail()).toBeGreaterThan(0);
    expect(
      unavailable.filter((o) => !o.retryAfter),
      detail(),
    ).toEqual([]);
    for (const ms of recovery) expect(ms, detail()).toBeLessThanOrEqual(1000);
    // And the shop works afterwards: orders are placed again on both processes.
    const later = outcomes.filter((o) => o.at > back + 1000 && o.route === 'checkout');
    expect(new Set(later.filter((o) => o.status === 201).map((o) => o.server)), detail()).toEqual(
      new Set([0, 1]),
    );
  });
});
