/**
 * The server side of the catalogue bench, in its own process so autocannon's
 * own work never shares the event loop with the server it measures. Serves a
 * bare Fastify "hello" and the real app over the bench database, prints their
 * URLs as one JSON line, and stops on SIGTERM.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const dataDir = process.env.BENCH_DATA_DIR!;
const database = await openDatabase({ url: process.env.BENCH_DB_URL || undefined, dataDir, poolSize: 20 });
const bare = Fastify();
bare.get('/', async () => ({ hello: 'world' }));
// A fixed JSON body of n bytes: what a catalogue reply costs to send and to read, with nothing made.
const bodies = new Map<number, string>();
bare.get<{ Params: { n: string } }>('/bytes/:n', async (request, reply) => {
  const n = Math.min(Math.max(Number(request.params.n) || 0, 12), 1_000_000);
  const body = bodies.get(n) ?? `{"pad":"${'x'.repeat(n - 10)}"}`;
  bodies.set(n, body);
  return reply.type('application/json; charset=utf-8').send(body);
});
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
  SEED_DEMO: 'false',
  // Production without Razorpay keys must choose the sandbox (config.ts, choosePaymentsProvider).
  PAYMENTS_PROVIDER: 'sandbox',
  RATE_LIMIT_MAX: '1000000000',
  CATALOGUE_CACHE_TTL_MS: process.env.CATALOGUE_CACHE_TTL_MS,
  CATALOGUE_CHECK_REPLIES: process.env.CATALOGUE_CHECK_REPLIES,
});
const started = performance.now();
const app = await buildApp(config, { database });
const appUrl = await listen(app);
// Listening, live, but ready only once the listing is in memory: the figures start from there.
await app.lifecycle.running;
const loadMs = Math.round(performance.now() - started);
const urls = {
  bareUrl: await listen(bare),
  appUrl,
  loadMs,
  rssMb: Math.round(process.memoryUsage().rss / 1048576),
};
process.stdout.write(`${JSON.stringify(urls)}\n`);

process.once('SIGTERM', async () => {
  await app.close();
  await bare.close();
  await database.close();
  process.exit(0);
});
