/**
 * Checkout as a shop with two machines sees it: two real server processes (`node src/server.ts`, each
 * with its own pool) on one PostgreSQL, driven over HTTP. Two rounds:
 *
 * - flash sale: N shoppers at once for one product with N/10 in stock (default 1,000 for 100);
 * - uncontended: M shoppers at once, each for a product of their own (default 200);
 * - paced: M more, each for a product of their own, arriving R a second (default 20) rather than in one
 *   instant: a burst's latency is mostly queueing for the CPU (CPU per shopper × shoppers ÷ cores), so
 *   this round shows what the order path itself costs a shopper.
 *
 * Every shopper places `POST /api/orders` through alternate processes; those who got one pay in the
 * sandbox and verify. Prints throughput, latency percentiles and the checks (units sold = stock, stock
 * never below 0, every order paid once, no 5xx).
 *
 *   npm run bench:checkout -- [--shoppers=1000] [--uncontended=200] [--rate=20]
 *   BENCH_DATABASE_URL=postgres://… to use another server (default the local one)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OrderPaymentReply, SandboxPayReply } from '@bazaar/shared';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import {
  type AppLike,
  fillCart,
  insertProduct,
  ORDER_BODY,
  type Shopper,
  shopper,
  stockOf,
} from '../apps/server/test/fixtures/checkout';
import { type ServerProcess, startServerProcess } from '../apps/server/test/server-process';
import { cpuMs } from './proc-cpu';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const FLASH = Number(args.shoppers ?? 1000);
const UNCONTENDED = Number(args.uncontended ?? 200);
const RATE = Number(args.rate ?? 20);
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// The processes mint nothing: the bench signs shoppers in with the same secret they verify with.
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query('drop database if exists bazaar_bench_checkout with (force)');
  await admin.query('create database bazaar_bench_checkout');
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = '/bazaar_bench_checkout';
  return url.toString();
}

interface Round {
  name: string;
  placed: number;
  refused: number;
  failed: number;
  paid: number;
  seconds: number;
  placeMs: number[];
  payMs: number[];
  stockLeft: number;
  stock: number;
  /** CPU the two server processes used in the round, in seconds (undefined off Linux). */
  serverCpu: number | undefined;
  /** …and PostgreSQL's processes, and this process (the shoppers' side). */
  postgresCpu: number | undefined;
  benchCpu: number;
}

async function post(base: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** CPU seconds of each PostgreSQL process on this machine now (the database is local here), by pid. */
function postgresCpuByPid(): Map<number, number> | undefined {
  const byPid = new Map<number, number>();
  try {
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
        const used = cpuMs(Number(pid));
        if (used !== undefined) byPid.set(Number(pid), used / 1000);
      } catch {
        // gone meanwhile
      }
    }
    return byPid;
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL's CPU over a round: sampled every 200 ms, since a backend may end within it (the pool closes
 * idle connections) and its time would be lost from a reading at the end alone.
 */
function watchPostgresCpu(): () => number | undefined {
  const first = postgresCpuByPid();
  if (!first) return () => undefined;
  const last = new Map(first);
  const sample = () => {
    for (const [pid, used] of postgresCpuByPid() ?? []) last.set(pid, used);
  };
  const timer = setInterval(sample, 200);
  return () => {
    clearInterval(timer);
    sample();
    let total = 0;
    for (const [pid, used] of last) total += used - (first.get(pid) ?? 0);
    return total;
  };
}

/** 5xx replies by status and message, printed after the table: what a failing shopper was told. */
const failures = new Map<string, number>();
function noteFailure(res: { status: number; body: unknown }) {
  const message = (res.body as { message?: string } | null)?.message ?? '';
  const key = `${res.status} ${message}`.slice(0, 160);
  failures.set(key, (failures.get(key) ?? 0) + 1);
}

/**
 * Every shopper at once (or `perSecond` of them a second): place on one process, pay and verify on the
 * other.
 */
async function round(
  name: string,
  servers: ServerProcess[],
  crowd: { who: Shopper; productId: string }[],
  seeder: AppLike,
  stock: number,
  perSecond?: number,
): Promise<Round> {
  const placeMs: number[] = [];
  const payMs: number[] = [];
  let placed = 0;
  let refused = 0;
  let failed = 0;
  let paid = 0;
  const cpuOf = () =>
    servers.reduce<number | undefined>((sum, s) => {
      const used = cpuMs(s.pid);
      return sum === undefined || used === undefined ? undefined : sum + used / 1000;
    }, 0);
  const cpuBefore = cpuOf();
  const postgresCpuSoFar = watchPostgresCpu();
  const benchBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    crowd.map(async ({ who }, i) => {
      if (perSecond) await new Promise((r) => setTimeout(r, (i * 1000) / perSecond));
      const here = servers[i % 2]!.baseUrl;
      const there = servers[(i + 1) % 2]!.baseUrl;
      const t0 = performance.now();
      // Each shopper on a network of their own, as a real crowd mostly is (the shop's hold limits are per network).
      const res = await post(
        here,
        '/api/orders',
        { ...ORDER_BODY, email: who.email },
        {
          ...who.auth,
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
      );
      placeMs.push(performance.now() - t0);
      if (res.status >= 500) {
        failed += 1;
        noteFailure(res);
      }
      if (res.status !== 201) {
        refused += 1;
        return;
      }
      placed += 1;
      const order = res.body as OrderPaymentReply;
      const t1 = performance.now();
      const pay = (
        await post(there, '/api/payments/sandbox/pay', {
          orderId: order.razorpayOrderId,
          cardNumber: '4111111111111111',
          expiry: '12/30',
          cvv: '123',
        })
      ).body as SandboxPayReply;
      if (pay.status !== 'captured') return;
      const verified = await post(
        here,
        '/api/orders/verify',
        { orderId: order.orderId, paymentId: pay.razorpay_payment_id, signature: pay.razorpay_signature },
        who.auth,
      );
      payMs.push(performance.now() - t1);
      if (verified.status === 200) paid += 1;
      else if (verified.status >= 500) {
        failed += 1;
        noteFailure(verified);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuOf();
  const serverCpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  const postgresCpu = postgresCpuSoFar();
  const bench = process.cpuUsage(benchBefore);
  const benchCpu = (bench.user + bench.system) / 1e6;
  let stockLeft = 0;
  for (const id of new Set(crowd.map((c) => c.productId))) stockLeft += await stockOf(seeder.db, id);
  return {
    name,
    placed,
    refused,
    failed,
    paid,
    seconds,
    placeMs,
    payMs,
    stockLeft,
    stock,
    serverCpu,
    postgresCpu,
    benchCpu,
  };
}

async function main() {
  const url = await freshDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-bench-checkout-'));
  // One app in this process migrates the database and seeds products and signed-in shoppers; the
  // measured requests all go to the two server processes.
  const database = await openDatabase({ url, dataDir, poolSize: 5 });
  const seedApp = await buildApp(testConfig({ dataDir, databaseUrl: url }), { database });
  await seedApp.ready();
  const seeder: AppLike = { db: seedApp.deps.db, deps: seedApp.deps };

  const flashStock = Math.max(1, Math.floor(FLASH / 10));
  const flashProduct = await insertProduct(seeder.db, {
    name: 'Flash Sale Lamp',
    pricePaise: 99_900,
    countInStock: flashStock,
  });
  const flashCrowd: { who: Shopper; productId: string }[] = [];
  for (let i = 0; i < FLASH; i++) {
    const who = await shopper(seeder, `flash${i}@example.com`);
    await fillCart(seeder.db, who.id, [{ productId: flashProduct, quantity: 1 }]);
    flashCrowd.push({ who, productId: flashProduct });
  }
  // A few checkouts first, so the processes have loaded and compiled the order path (a live shop is warm).
  const warmProduct = await insertProduct(seeder.db, {
    name: 'Warm-up Lamp',
    pricePaise: 9_900,
    countInStock: 10,
  });
  const warmCrowd: { who: Shopper; productId: string }[] = [];
  for (let i = 0; i < 10; i++) {
    const who = await shopper(seeder, `warm${i}@example.com`);
    await fillCart(seeder.db, who.id, [{ productId: warmProduct, quantity: 1 }]);
    warmCrowd.push({ who, productId: warmProduct });
  }
  const calmCrowd = async (tag: string) => {
    const crowd: { who: Shopper; productId: string }[] = [];
    for (let i = 0; i < UNCONTENDED; i++) {
      const productId = await insertProduct(seeder.db, {
        name: `Calm Lamp ${tag} ${i}`,
        pricePaise: 49_900,
        countInStock: 1,
      });
      const who = await shopper(seeder, `${tag}${i}@example.com`);
      await fillCart(seeder.db, who.id, [{ productId, quantity: 1 }]);
      crowd.push({ who, productId });
    }
    return crowd;
  };
  const burstCrowd = await calmCrowd('calm');
  const pacedCrowd = await calmCrowd('paced');

  const env = {
    DATABASE_URL: url,
    JWT_SECRET,
    TRUST_PROXY: '1',
    RATE_LIMIT_MAX: '1000000',
    PAYMENTS_PROVIDER: 'sandbox',
  };
  // BENCH_PROFILE=dir: each server process writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE;
  const options = profile ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] } : {};
  const servers = [await startServerProcess(env, options), await startServerProcess(env, options)];
  const rounds: Round[] = [];
  try {
    await round('warm-up', servers, warmCrowd, seeder, 10);
    rounds.push(
      await round(
        `flash sale: ${FLASH} shoppers, ${flashStock} units`,
        servers,
        flashCrowd,
        seeder,
        flashStock,
      ),
    );
    rounds.push(
      await round(
        `uncontended: ${UNCONTENDED} shoppers, a product each`,
        servers,
        burstCrowd,
        seeder,
        UNCONTENDED,
      ),
    );
    rounds.push(
      await round(
        `paced: ${UNCONTENDED} shoppers, a product each, ${RATE} a second`,
        servers,
        pacedCrowd,
        seeder,
        UNCONTENDED,
        RATE,
      ),
    );
  } finally {
    for (const s of servers) await s.stop();
    await seedApp.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log('\nCheckout bench: two server processes on PostgreSQL, over HTTP\n');
  console.log(
    '| round | placed / refused | 5xx | paid | stock left | wall | POST /orders p50 / p95 / p99 | pay + verify p50 / p95 | CPU per shopper: servers / PostgreSQL / shoppers |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  // Both processes' CPU over the round, per shopper who came (placing, and paying for those who could).
  const cpuPer = (r: Round) =>
    [r.serverCpu, r.postgresCpu, r.benchCpu]
      .map((s) => (s === undefined ? '–' : ((s * 1000) / (r.placed + r.refused)).toFixed(1)))
      .join(' / ')
      .concat(' ms');
  for (const r of rounds) {
    const ms = (v: number[], p: number) => percentile(v, p).toFixed(0);
    console.log(
      `| ${r.name} | ${r.placed} / ${r.refused} | ${r.failed} | ${r.paid} | ${r.stockLeft} | ${r.seconds.toFixed(2)} s | ${ms(r.placeMs, 50)} / ${ms(r.placeMs, 95)} / ${ms(r.placeMs, 99)} ms | ${ms(r.payMs, 50)} / ${ms(r.payMs, 95)} ms | ${cpuPer(r)} |`,
    );
    if (r.placed !== r.stock || r.stockLeft !== 0 || r.paid !== r.placed || r.failed > 0)
      process.exitCode = 1;
  }
  for (const [what, n] of failures) console.log(`5xx ×${n}: ${what}`);
}

await main();
