/**
 * Lighthouse (mobile, simulated throttling, Debian's Chromium) on the storefront's pages, three runs
 * each: prints the median scores, LCP, TBT, CLS and bytes per page, and the layout shift Chromium
 * records itself with the CPU slowed 4× (desktop viewport). Starts the built shop unless BENCH_URL
 * names a running one.
 *
 *   npm run build && npm run bench:lighthouse [-- --runs=3]
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { withBuiltShop } from './built-shop';
import { measurePage } from './chromium-metrics';
import { kib, median, storefrontPages } from './pages';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
  };
}

/** Lighthouse now and then loses a trace (NO_NAVSTART) on a busy machine: such a run is repeated. */
async function auditWithRetry(url: string, port: number, tries = 3): Promise<Run> {
  for (let i = 1; ; i++) {
    try {
      return await audit(url, port);
    } catch (error) {
      if (i >= tries) throw error;
      process.stderr.write(`  retrying ${url}: ${(error as Error).message}\n`);
    }
  }
}

await withBuiltShop(async (baseUrl) => {
  const pages = await storefrontPages(baseUrl);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: string[] = [];
  try {
    for (const page of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(baseUrl + page.path, chrome.port));
      const m = (pick: (run: Run) => number) => median(runs.map(pick));
      rows.push(
        `| ${page.name} | ${CATEGORIES.map((c) => m((r) => r.scores[c])).join(' | ')} | ` +
          `${(m((r) => r.lcp) / 1000).toFixed(1)} s | ${m((r) => r.tbt).toFixed(0)} ms | ` +
          `${m((r) => r.cls).toFixed(3)} | ${kib(m((r) => r.bytes))} KiB |`,
      );
      process.stderr.write(`  ${page.name}: ${runs.map((r) => r.scores.performance).join(', ')}\n`);
    }
  } finally {
    await chrome.kill();
  }

  // Chromium's own record at 4× CPU, on a desktop viewport (the second measure).
  const browser = await chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const shifts: string[] = [];
  try {
    for (const page of pages) {
      const metrics = await measurePage(browser, baseUrl + page.path, {
        cpuSlowdown: 4,
        viewport: { width: 1350, height: 940 },
      });
      shifts.push(metrics.cls.toFixed(3));
    }
  } finally {
    await browser.close();
  }

  console.log(`\nLighthouse mobile, simulated throttling, median of ${RUNS} runs (${baseUrl})\n`);
  console.log(
    '| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | bytes | CLS 4× CPU desktop |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [i, row] of rows.entries()) console.log(`${row} ${shifts[i]} |`);
});
