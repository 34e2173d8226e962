/**
 * Checkout under contention: two app instances (as two server processes, each with its own pool) on
 * one database; N shoppers at once place an order for a product with N/2 in stock, and those who got
 * one pay it through the sandbox and verify. Prints throughput, latency percentiles and the checks
 * (units sold = stock, stock never below 0, every order paid once).
 *
 *   npm run bench:checkout -- [--db=postgres|pglite] [--shoppers=200]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OrderPaymentReply, SandboxPayReply } from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import {
  type AppLike,
  fillCart,
  insertProduct,
  ORDER_BODY,
  type Shopper,
  shopper,
  stockOf,
} from '../apps/server/test/fixtures/checkout';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const SHOPPERS = Number(args.shoppers ?? 200);
const DB = args.db ?? (process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite');
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function database(
  dataDir: string,
): Promise<{ url?: string; open(): Promise<Database>; drop(): Promise<void> }> {
  if (DB === 'pglite') {
    const shared = await openDatabase({ dataDir });
    return { open: async () => shared, drop: async () => {} };
  }
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query('drop database if exists bazaar_bench_checkout with (force)');
  await admin.query('create database bazaar_bench_checkout');
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = '/bazaar_bench_checkout';
  return {
    url: url.toString(),
    open: () => openDatabase({ url: url.toString(), dataDir, poolSize: 10 }),
    drop: async () => {},
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-bench-checkout-'));
  const db = await database(dataDir);
  const apps: FastifyInstance[] = [];
  const opened: Database[] = [];
  for (let i = 0; i < 2; i++) {
    const handle = await db.open();
    if (!opened.includes(handle)) opened.push(handle);
    const app = await buildApp(testConfig({ dataDir, databaseUrl: db.url, rateLimitMax: 1_000_000 }), {
      database: handle,
    });
    await app.ready();
    apps.push(app);
  }
  const first: AppLike = { db: apps[0]!.deps.db, deps: apps[0]!.deps };
  const stock = Math.floor(SHOPPERS / 2);
  const productId = await insertProduct(first.db, {
    name: 'Bench Lamp',
    pricePaise: 99_900,
    countInStock: stock,
  });
  const crowd: Shopper[] = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const s = await shopper(first, `bench${i}-${Date.now()}@example.com`);
    await fillCart(first.db, s.id, [{ productId, quantity: 1 }]);
    crowd.push(s);
  }

  const placeMs: number[] = [];
  const payMs: number[] = [];
  let placed = 0;
  let refused = 0;
  let paid = 0;
  const started = performance.now();
  await Promise.all(
    crowd.map(async (s, i) => {
      const app = apps[i % 2]!;
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: s.auth,
        // Each shopper on a network of their own, as a real crowd mostly is: one network may hold only
        // four shoppers' share of the product unpaid (the shop's hold settings).
        remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        payload: { ...ORDER_BODY, email: s.email },
      });
      placeMs.push(performance.now() - t0);
      if (res.statusCode !== 201) {
        refused += 1;
        return;
      }
      placed += 1;
      const order = res.json() as OrderPaymentReply;
      const t1 = performance.now();
      const pay = (
        await apps[(i + 1) % 2]!.inject({
          method: 'POST',
          url: '/api/payments/sandbox/pay',
          payload: {
            orderId: order.razorpayOrderId,
            cardNumber: '4111111111111111',
            expiry: '12/30',
            cvv: '123',
          },
        })
      ).json() as SandboxPayReply;
      if (pay.status !== 'captured') return;
      const verified = await app.inject({
        method: 'POST',
        url: '/api/orders/verify',
        headers: s.auth,
        payload: {
          orderId: order.orderId,
          paymentId: pay.razorpay_payment_id,
          signature: pay.razorpay_signature,
        },
      });
      payMs.push(performance.now() - t1);
      if (verified.statusCode === 200) paid += 1;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const left = await stockOf(first.db, productId);

  console.log(
    `\nCheckout bench: ${DB}, ${SHOPPERS} shoppers at once on two app instances, ${stock} in stock\n`,
  );
  console.log('| figure | value |');
  console.log('| --- | --- |');
  console.log(`| orders placed / refused | ${placed} / ${refused} |`);
  console.log(`| paid and verified | ${paid} |`);
  console.log(`| stock left (must be 0) | ${left} |`);
  console.log(`| wall time | ${seconds.toFixed(2)} s |`);
  console.log(`| checkouts (place + pay + verify) per second | ${(placed / seconds).toFixed(1)} |`);
  console.log(
    `| POST /orders p50 / p95 | ${percentile(placeMs, 50).toFixed(0)} / ${percentile(placeMs, 95).toFixed(0)} ms |`,
  );
  console.log(
    `| pay + verify p50 / p95 | ${percentile(payMs, 50).toFixed(0)} / ${percentile(payMs, 95).toFixed(0)} ms |`,
  );

  for (const app of apps) await app.close();
  for (const handle of opened) await handle.close();
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
  if (placed !== stock || left !== 0 || paid !== placed) process.exitCode = 1;
}

await main();
