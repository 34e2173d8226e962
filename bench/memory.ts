/**
 * The demo server's resident memory, in its own process, as `npm start` runs it (production build,
 * embedded PGlite, the demo seeded into an empty DATA_DIR):
 *
 *  1. first start: 10 s after the first page (the seeding, the first renders),
 *  2. restart on that DATA_DIR: 10 s after the first page,
 *  3. after a minute of mixed browsing over HTTP (pages, their pictures and scripts, API listings,
 *     product details, searches), four shoppers at a time; and the peak (VmHWM) over the run.
 *
 * Each row also says what the process itself reports (bench/memory-probe.mjs, preloaded): V8's heap,
 * memory outside it (Buffers), and the WebAssembly memories (PGlite's database engine).
 *
 *   npm run build && npm run bench:memory
 *   npm run bench:memory -- --browse=30 --settle=5
 *   BENCH_SERVER_FLAGS="" npm run bench:memory   # Node flags for the server (unset: those `npm start` uses)
 *   BENCH_SERVER_ENV="SHARP_CONCURRENCY=2 CATALOGUE_INDEX=postgres" npm run bench:memory
 *   npm run bench:memory -- --data-dir=/tmp/shop   # an existing DATA_DIR (e.g. a 100,000-product shop)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../e2e/shop';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags } = parseArgs({
  options: {
    browse: { type: 'string', default: '60' },
    settle: { type: 'string', default: '10' },
    shoppers: { type: 'string', default: '4' },
    'data-dir': { type: 'string' },
    snapshot: { type: 'string' },
  },
});
const browseSeconds = Number(flags.browse) || 60;
const settleSeconds = Number(flags.settle) || 10;
const shoppers = Number(flags.shoppers) || 4;

interface Probe {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  wasm: number;
}

interface Sample {
  rss: number;
  peak: number;
  probe: Probe | undefined;
}

const MB = 1024 * 1024;
const mb = (bytes: number | undefined) => (bytes === undefined ? '–' : (bytes / MB).toFixed(0));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** VmRSS and VmHWM of a process, from /proc (Linux). */
function statusOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

interface Server {
  child: ChildProcess;
  baseUrl: string;
  probeFile: string;
  output: () => string;
}

const extraEnv = Object.fromEntries(
  (process.env.BENCH_SERVER_ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

/** The Node flags `npm start` gives the server (package.json's `start` script, before scripts/start.mjs). */
function startFlags(): string {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.split(/\s+/);
  return words.slice(1, words.indexOf('scripts/start.mjs')).join(' ');
}

/** The server as `npm start --no-build` runs it: scripts/start.mjs imports it into its own process. */
async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const probeFile = path.join(tmpdir(), `bazaar-memory-probe-${process.pid}-${port}.json`);
  const nodeFlags = (process.env.BENCH_SERVER_FLAGS ?? startFlags()).split(/\s+/).filter(Boolean);
  const child = spawn(
    process.execPath,
    [...nodeFlags, '--import', path.join(root, 'bench/memory-probe.mjs'), 'scripts/start.mjs', '--no-build'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000000',
        MEMORY_PROBE_FILE: probeFile,
        ...(flags.snapshot ? { MEMORY_PROBE_SNAPSHOT: flags.snapshot } : {}),
        ...extraEnv,
      },
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (code ${child.exitCode}):\n${output}`);
    if (Date.now() - started > 180_000) throw new Error(`No page within 180 s:\n${output}`);
    const res = await fetch(`${baseUrl}/`).catch(() => undefined);
    if (res?.status === 200) {
      await res.arrayBuffer();
      break;
    }
    await sleep(50);
  }
  return { child, baseUrl, probeFile, output: () => output };
}

async function sample(server: Server): Promise<Sample> {
  const pid = server.child.pid!;
  rmSync(server.probeFile, { force: true });
  process.kill(pid, 'SIGUSR2');
  let probe: Probe | undefined;
  for (let i = 0; i < 100 && !probe; i++) {
    await sleep(50);
    if (existsSync(server.probeFile)) {
      try {
        probe = JSON.parse(readFileSync(server.probeFile, 'utf8')) as Probe;
      } catch {
        // still being written
      }
    }
  }
  rmSync(server.probeFile, { force: true });
  return { ...statusOf(pid), probe };
}

async function stopServer(server: Server): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The addresses a shopper's browser asks for: the pages, then what each page names (pictures, scripts). */
async function browsingPaths(baseUrl: string): Promise<{ pages: string[]; api: string[] }> {
  const list = (await (await fetch(`${baseUrl}/api/products?limit=48&sort=rating`)).json()) as {
    products: { _id: string; category: string; brand?: string }[];
  };
  const products = list.products;
  const categories = [...new Set(products.map((p) => p.category))];
  const pages = [
    '/',
    '/products',
    '/products?page=2',
    '/products?sort=price-low',
    '/search/shirt',
    '/search/phone',
    '/search/nothing-matches-this',
    '/cart',
    '/wishlist',
    '/login',
    '/register',
    '/faq',
    '/help',
    '/contact',
    '/no-such-page',
    ...categories.map((c) => `/categories/${encodeURIComponent(c)}`),
    ...products.map((p) => `/product/${p._id}`),
  ];
  const api = [
    '/api/products',
    '/api/products?page=2',
    '/api/products?sort=price-low',
    '/api/products?search=shirt',
    '/api/products?search=cotton&sort=price-high',
    ...categories.map((c) => `/api/products?category=${encodeURIComponent(c)}`),
    ...products.map((p) => `/api/products/${p._id}`),
  ];
  return { pages, api };
}

const ASSET = /(?:src|href|srcset)="([^"]+)"/g;

/** A page and what it names on this server (pictures at the width asked, scripts, styles), as a browser would. */
function assetsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(ASSET)) {
    for (const candidate of match[1]!.replaceAll('&amp;', '&').split(',')) {
      const url = candidate.trim().split(/\s+/)[0]!;
      if (url.startsWith('/uploads/') || url.startsWith('/assets/')) found.add(url);
    }
  }
  return [...found];
}

async function browse(baseUrl: string, seconds: number): Promise<{ requests: number; failed: number }> {
  const { pages, api } = await browsingPaths(baseUrl);
  const seenAssets = new Set<string>();
  let requests = 0;
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  const get = async (url: string) => {
    requests++;
    const res = await fetch(baseUrl + url, { headers: { 'accept-encoding': 'br, gzip' } }).catch(
      () => undefined,
    );
    if (!res || res.status >= 500) failed++;
    return res ? await res.text() : '';
  };
  const shopper = async (n: number) => {
    for (let i = n; Date.now() < until; i += shoppers) {
      // Two pages, then an API call, as a client-side navigation would.
      if (i % 3 === 2) {
        await get(api[i % api.length]!);
        continue;
      }
      const html = await get(pages[i % pages.length]!);
      // A new browser asks for what the page names; a returning one has it cached.
      for (const asset of assetsOf(html)) {
        if (seenAssets.has(asset) && i % 5 !== 0) continue;
        seenAssets.add(asset);
        await get(asset);
      }
    }
  };
  await Promise.all(Array.from({ length: shoppers }, (_, n) => shopper(n)));
  return { requests, failed };
}

function row(name: string, s: Sample): string {
  const p = s.probe;
  return [
    name.padEnd(34),
    mb(s.rss).padStart(7),
    mb(s.peak).padStart(7),
    mb(p?.heapUsed).padStart(7),
    mb(p?.heapTotal).padStart(7),
    mb(p?.external).padStart(8),
    mb(p?.arrayBuffers).padStart(7),
    mb(p?.wasm).padStart(6),
  ].join(' ');
}

const given = flags['data-dir'];
const dataDir = given ?? mkdtempSync(path.join(tmpdir(), 'bazaar-bench-memory-'));
const rows: [string, Sample][] = [];
let browsing = { requests: 0, failed: 0 };
try {
  let server = await startServer(dataDir);
  await sleep(settleSeconds * 1000);
  rows.push([
    given ? `start, ${settleSeconds} s after the first page` : `first start (seeded), +${settleSeconds} s`,
    await sample(server),
  ]);
  await stopServer(server);

  server = await startServer(dataDir);
  await sleep(settleSeconds * 1000);
  rows.push([`restart, +${settleSeconds} s`, await sample(server)]);
  browsing = await browse(server.baseUrl, browseSeconds);
  rows.push([`after ${browseSeconds} s of browsing`, await sample(server)]);
  await sleep(settleSeconds * 1000);
  rows.push([`… and ${settleSeconds} s later`, await sample(server)]);
  await stopServer(server);
} finally {
  if (!given) rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\nServer resident memory (MB; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores;` +
    ` browsing: ${browsing.requests} requests by ${shoppers} shoppers, ${browsing.failed} failed)\n`,
);
console.log(
  `${'when'.padEnd(34)} ${'RSS'.padStart(7)} ${'peak'.padStart(7)} ${'heap'.padStart(7)} ${'heapTot'.padStart(7)} ${'external'.padStart(8)} ${'arrBuf'.padStart(7)} ${'wasm'.padStart(6)}`,
);
for (const [name, s] of rows) console.log(row(name, s));
console.log(
  '\nheap: V8 heap used (heapTot: reserved); external: memory V8 objects hold outside the heap (Buffers,' +
    ' WebAssembly memories); arrBuf: of which ArrayBuffers and Buffers; wasm: the WebAssembly memories (PGlite).',
);
if (browsing.failed) process.exitCode = 1;
