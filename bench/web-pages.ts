/**
 * Bytes and page metrics of the storefront's pages in Chromium: what each page transfers by resource
 * type (compressed as served, and decoded), its largest layout shift and LCP, on a desktop and a phone
 * viewport with the CPU slowed 4×. Starts the built shop unless BENCH_URL names a running one.
 *
 *   npm run build && npm run bench:pages
 */
import { chromium } from 'playwright-core';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

import { withBuiltShop } from './built-shop';
import { measurePage } from './chromium-metrics';
import { kib, storefrontPages } from './pages';

const VIEWPORTS = {
  desktop: { width: 1350, height: 940 },
  phone: { width: 412, height: 823 },
} as const;
const CPU_SLOWDOWN = 4;
const TYPES = ['document', 'script', 'stylesheet', 'fetch', 'image', 'font'];

await withBuiltShop(async (baseUrl) => {
  const pages = await storefrontPages(baseUrl);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    console.log(`Storefront in Chromium, CPU ${CPU_SLOWDOWN}× slower, empty cache (${baseUrl})\n`);
    console.log('| page | CLS desktop | CLS phone | LCP desktop ms | LCP phone ms |');
    console.log('|---|---:|---:|---:|---:|');
    const bytes: [
      string,
      Record<string, { transferred: number; decoded: number; count: number; compressed: number }>,
    ][] = [];
    for (const page of pages) {
      const desktop = await measurePage(browser, baseUrl + page.path, {
        cpuSlowdown: CPU_SLOWDOWN,
        viewport: VIEWPORTS.desktop,
      });
      const phone = await measurePage(browser, baseUrl + page.path, {
        cpuSlowdown: CPU_SLOWDOWN,
        viewport: VIEWPORTS.phone,
      });
      bytes.push([page.name, desktop.byType]);
      const ms = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(0));
      console.log(
        `| ${page.name} | ${desktop.cls.toFixed(3)} | ${phone.cls.toFixed(3)} | ${ms(desktop.lcpMs)} | ${ms(phone.lcpMs)} |`,
      );
    }
    console.log('\nKiB on the wire / decoded (files, of which compressed), desktop load:\n');
    console.log(`| page | ${TYPES.join(' | ')} | total |`);
    console.log(`|---|${TYPES.map(() => '---:').join('|')}|---:|`);
    for (const [name, byType] of bytes) {
      const cells = TYPES.map((type) => {
        const row = byType[type];
        return row ? `${kib(row.transferred)} / ${kib(row.decoded)} (${row.count}, ${row.compressed})` : '–';
      });
      const all = Object.values(byType);
      const sum = (key: 'transferred' | 'decoded') => all.reduce((s, row) => s + row[key], 0);
      console.log(`| ${name} | ${cells.join(' | ')} | ${kib(sum('transferred'))} / ${kib(sum('decoded'))} |`);
    }
  } finally {
    await browser.close();
  }
});
