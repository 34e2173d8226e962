/**
 * One address asking for many server-rendered pages, and what the health check feels meanwhile: the
 * attack test's finding (640 unique search pages from one address raised the health check's median
 * from 11 to 130 ms). Starts the built shop as `npm start` would, behind one trusted proxy hop
 * (`TRUST_PROXY=1`, every request naming its client in X-Forwarded-For), unless BENCH_URL names one.
 *
 *   npm run build && npm run bench:page-flood
 *   npm run bench:page-flood -- --pages=640 --concurrency=16
 */
import { parseArgs } from 'node:util';
import { type Shop, startShop } from '../e2e/shop';
import { benchUrlFromEnv, median } from './pages';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '640' },
    concurrency: { type: 'string', default: '16' },
  },
});
const PAGES = Number(values.pages);
const CONCURRENCY = Number(values.concurrency);
const FLOODER = '198.51.100.7';
const PROBE = '192.0.2.10';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function timed(url: string, from: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'x-forwarded-for': from, 'accept-encoding': 'br' } });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/** The health check's latency, asked every 20 ms from another address until `done` settles. */
async function probeHealth(baseUrl: string, done: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  while (!finished) {
    latencies.push((await timed(`${baseUrl}/api/health`, PROBE)).ms);
    await new Promise((r) => setTimeout(r, 20));
  }
  return latencies;
}

/** `urls` from one address, `CONCURRENCY` at a time. */
async function flood(
  urls: string[],
  from = FLOODER,
): Promise<{ statuses: Map<number, number>; seconds: number }> {
  const statuses = new Map<number, number>();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < urls.length) {
        const url = urls[next++]!;
        const { status } = await timed(url, from);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return { statuses, seconds: (performance.now() - started) / 1000 };
}

function row(name: string, health: number[], result?: Awaited<ReturnType<typeof flood>>) {
  const answers = result ? [...result.statuses].map(([status, count]) => `${count}×${status}`).join(' ') : '';
  const time = result ? result.seconds.toFixed(1) : '';
  console.log(
    `| ${name.padEnd(34)} | ${answers.padEnd(16)} | ${time.padStart(6)} | ${median(health).toFixed(1).padStart(8)} | ${percentile(health, 95).toFixed(1).padStart(8)} | ${String(health.length).padStart(7)} |`,
  );
}

async function main() {
  const given = benchUrlFromEnv();
  let shop: Shop | undefined;
  try {
    if (!given) {
      shop = await startShop({
        LOG_LEVEL: 'error',
        TRUST_PROXY: '1',
        // The shop's own default, not the end-to-end suite's lifted one.
        RATE_LIMIT_MAX: process.env.RATE_LIMIT_MAX ?? '300',
      });
    }
    const baseUrl = given ?? shop!.baseUrl;
    console.log(`${PAGES} pages from one address, ${CONCURRENCY} at a time; health asked every 20 ms\n`);
    console.log(
      '| run                                | answers          | s      | health p50 | p95 (ms) | probes  |',
    );
    console.log(
      '| ---------------------------------- | ---------------- | ------ | -------- | -------- | ------- |',
    );
    // Warm: the page's chunks, the renderer, the settings.
    await timed(`${baseUrl}/search/warm`, PROBE);
    const idle = probeHealth(baseUrl, new Promise((r) => setTimeout(r, 3000)));
    row('idle', await idle);

    const unique = Array.from({ length: PAGES }, (_, i) => `${baseUrl}/search/shirt%20${i}`);
    const uniqueRun = flood(unique);
    const [uniqueResult, uniqueHealth] = await Promise.all([uniqueRun, probeHealth(baseUrl, uniqueRun)]);
    row(`${PAGES} unique search pages`, uniqueHealth, uniqueResult);

    // Another address, with a budget of its own.
    const same = Array.from({ length: PAGES }, () => `${baseUrl}/search/shirt`);
    const sameRun = flood(same, '198.51.100.8');
    const [sameResult, sameHealth] = await Promise.all([sameRun, probeHealth(baseUrl, sameRun)]);
    row(`${PAGES} × one search page`, sameHealth, sameResult);
  } finally {
    await shop?.stop();
  }
}

await main();
