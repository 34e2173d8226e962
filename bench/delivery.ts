/**
 * Check delivery at scale: configures 20,000 pincodes (40 zones of 500 pincodes, uploaded as CSV files
 * through the admin API, plus prefix zones over them so overlaps are resolved) on a fresh database,
 * serves the real app in its own process (bench/serve.ts) and measures GET /api/delivery/check over
 * HTTP: p50/p95/p99 at one connection and at several, a mix of listed, prefix-only and unlisted
 * pincodes; then what the first check after a zone change costs (the process rebuilds its copy).
 *
 *   npm run bench:delivery -- [--db=postgres|pglite] [--pincodes=20000] [--duration=10] [--connections=1,16]
 *
 * PostgreSQL: BENCH_DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres);
 * the bench (re)creates `bazaar_bench_delivery` there (or BENCH_DB_NAME).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdminDeliveryZone, DeliveryCheck } from '@bazaar/shared';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { updateUser } from '../apps/server/src/modules/users/users.repo';
import { cpuMs } from './proc-cpu';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const PINCODES = Number(args.pincodes ?? 20_000);
const DURATION_S = Number(args.duration ?? 10);
const CONNECTIONS = String(args.connections ?? '1,16')
  .split(',')
  .map(Number);
const DB = args.db ?? (process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite');
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_DB_NAME ?? 'bazaar_bench_delivery';
const ZONES = 40;
// bench/serve.ts signs sessions with this secret, so the admin made here is one there too.
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
const here = path.dirname(fileURLToPath(import.meta.url));

/** A seeded PRNG (mulberry32): every run configures the same pincodes. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(20_000);
const anyPincode = () => 100_000 + Math.floor(rand() * 900_000);

function distinctPincodes(count: number): number[] {
  const picked = new Set<number>();
  while (picked.size < count) picked.add(anyPincode());
  return [...picked];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function database(dataDir: string): Promise<string | undefined> {
  if (DB === 'pglite') return undefined;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = `/${DB_NAME}`;
  void dataDir;
  return url.toString();
}

/** A multipart body holding one CSV file, as the zones screen uploads it. */
async function csvForm(text: string): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), 'pincodes.csv');
  const request = new Request('http://bench.local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** Makes the zones through the admin API of an app in this process; returns the admin's token. */
async function configure(dataDir: string, dbUrl: string | undefined, listed: number[]): Promise<string> {
  const database = await openDatabase({ url: dbUrl, dataDir });
  const app = await buildApp(
    testConfig({ dataDir, databaseUrl: dbUrl, jwtSecret: JWT_SECRET, rateLimitMax: 1_000_000_000 }),
    { database },
  );
  await app.ready();
  try {
    const reg = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        name: 'Bench Admin',
        email: 'bench@example.com',
        password: 'sunrise42',
        phoneNumber: '9876543210',
      },
    });
    const { user, token } = reg.json() as { user: { _id: string }; token: string };
    await updateUser(app.deps.db, user._id, { isAdmin: true });
    const auth = { authorization: `Bearer ${token}` };
    const started = Date.now();
    // Prefix zones first: the listed pincodes inside them are served by their own (narrower) zone.
    for (const [i, prefix] of ['4', '56', '11', '60', '70'].entries()) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/delivery/zones',
        headers: auth,
        payload: {
          name: `Region ${prefix}`,
          fee: 40 + i,
          freeAbove: 499,
          minDays: 2,
          maxDays: 4,
          cod: true,
          pincodes: [prefix],
        },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    const perZone = Math.ceil(listed.length / ZONES);
    for (let z = 0; z < ZONES; z++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/delivery/zones',
        headers: auth,
        payload: {
          name: `Zone ${z + 1}`,
          fee: 30 + z,
          freeAbove: null,
          minDays: 1,
          maxDays: 3,
          cod: z % 2 === 0,
          pincodes: [],
        },
      });
      const zone = res.json() as AdminDeliveryZone;
      const lines = listed.slice(z * perZone, (z + 1) * perZone).join('\n');
      const body = await csvForm(`pincode\n${lines}\n`);
      const upload = await app.inject({
        method: 'POST',
        url: `/api/admin/delivery/zones/${zone._id}/pincodes`,
        payload: body.payload,
        headers: { ...body.headers, ...auth },
      });
      if (upload.statusCode !== 200) throw new Error(upload.body);
    }
    console.log(
      `configured ${listed.length} pincodes in ${ZONES} zones (+5 prefix zones) through the admin API in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return token;
  } finally {
    await app.close();
    await database.close();
  }
}

/** Starts bench/serve.ts over the database; resolves with the app's URL. */
function serve(dbUrl: string | undefined, dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'serve.ts')], {
    env: { ...process.env, BENCH_DB_URL: dbUrl ?? '', BENCH_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise<{ appUrl: string; bareUrl: string; pid: number; stop(): Promise<void> }>(
    (resolve, reject) => {
      let out = '';
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk;
        if (!out.includes('\n')) return;
        const { appUrl, bareUrl } = JSON.parse(out.split('\n')[0]!) as { appUrl: string; bareUrl: string };
        child.removeAllListeners('exit');
        resolve({
          appUrl,
          bareUrl,
          pid: child.pid!,
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      });
    },
  );
}

/**
 * `connections` loops, each checking the next pincode as soon as its last answer arrived, for the
 * duration; `url` makes each request's address (the bare yardstick ignores the pincode).
 */
async function load(
  url: (pincode: string) => string,
  pincodes: string[],
  connections: number,
  seconds: number,
) {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const pincode = pincodes[next++ % pincodes.length]!;
        const started = performance.now();
        const res = await fetch(url(pincode));
        const body = (await res.json()) as DeliveryCheck | { hello: string };
        latencies.push(performance.now() - started);
        if (res.status !== 200 || ('pincode' in body && body.pincode !== pincode)) failed += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { latencies, failed };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-bench-delivery-'));
  try {
    const dbUrl = await database(dataDir);
    const listed = distinctPincodes(PINCODES);
    const token = await configure(dataDir, dbUrl, listed);
    const startedAt = Date.now();
    const server = await serve(dbUrl, dataDir);
    console.log(
      `server process ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (zones loaded on ready)`,
    );
    try {
      // A third listed, a third in a prefix zone only or unlisted, a third anywhere.
      const mix = Array.from({ length: 5_000 }, (_, i) =>
        String(
          i % 3 === 0
            ? listed[Math.floor(rand() * listed.length)]
            : i % 3 === 1
              ? 400_000 + Math.floor(rand() * 99_999)
              : anyPincode(),
        ),
      );
      const check = (pincode: string) => `${server.appUrl}/api/delivery/check?pincode=${pincode}`;
      const bare = () => `${server.bareUrl}/`;
      await load(check, mix, 4, 2);
      console.log(`\nGET /api/delivery/check, ${DB}, ${PINCODES} pincodes configured, ${DURATION_S} s each`);
      console.log(
        'route              | connections |   requests |  req/s |  p50 ms |  p95 ms |  p99 ms | server CPU/req ms | failed',
      );
      for (const connections of CONNECTIONS) {
        for (const [name, url] of [
          ['bare Fastify hello', bare],
          ['delivery check', check],
        ] as const) {
          const cpuBefore = cpuMs(server.pid);
          const { latencies, failed } = await load(url, mix, connections, DURATION_S);
          const cpuAfter = cpuMs(server.pid);
          // The machine may be shared: latency moves with other people's load, CPU per request barely does.
          const perRequest =
            cpuBefore === undefined || cpuAfter === undefined
              ? 'n/a'
              : ((cpuAfter - cpuBefore) / latencies.length).toFixed(3);
          console.log(
            `${name.padEnd(18)} | ${String(connections).padStart(11)} | ${String(latencies.length).padStart(10)} | ${String(Math.round(latencies.length / DURATION_S)).padStart(6)} | ${percentile(latencies, 50).toFixed(2).padStart(7)} | ${percentile(latencies, 95).toFixed(2).padStart(7)} | ${percentile(latencies, 99).toFixed(2).padStart(7)} | ${perRequest.padStart(17)} | ${failed}`,
          );
        }
      }
      // The first answer after a change waits for the process's copy to be rebuilt (20,000 rules read).
      const afterChange: number[] = [];
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${server.appUrl}/api/admin/delivery/calendar`, {
          method: 'PUT',
          headers: auth,
          body: JSON.stringify({ businessDays: 'mon-sat', cutoff: `1${i}:00`, holidays: [] }),
        });
        if (res.status !== 200) throw new Error(await res.text());
        const started = performance.now();
        await (await fetch(`${server.appUrl}/api/delivery/check?pincode=${listed[i]}`)).json();
        afterChange.push(performance.now() - started);
      }
      afterChange.sort((a, b) => a - b);
      console.log(
        `first check after a change (rebuild), 5 changes: median ${percentile(afterChange, 50).toFixed(1)} ms, worst ${afterChange[4]!.toFixed(1)} ms`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
