/**
 * The home route's JavaScript as the server sends it: the entry module and every module the page
 * preloads, fetched over HTTP with Brotli, gzip and no compression, against the 100 KB (Brotli)
 * budget; then checks that no admin code and no zod is among them (from the build's source maps).
 * Then every storefront route's JavaScript (Brotli as served) and its script requests before it is
 * interactive: the module script and the modules the server-rendered page preloads (the page's own
 * chunk among them), against the 12-request goal.
 * Starts the built shop unless BENCH_URL names a running one.
 *
 *   npm run build && npm run bench:bundle
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withBuiltShop } from './built-shop';
import { kib, storefrontPages } from './pages';
import { pageAssets, servedBytes } from './served-bytes';

type Served = Awaited<ReturnType<typeof servedBytes>>;

const BUDGET_KB = 100;
const MAX_SCRIPT_REQUESTS = 12;

/** Every storefront page of issue 27 a guest can reach (signed-in pages render the same shell). */
async function storefrontRoutes(baseUrl: string): Promise<{ name: string; path: string }[]> {
  const pages = await storefrontPages(baseUrl);
  // A category at each depth: the first category, its first subcategory, option and sub-option.
  const tree = (await (await fetch(`${baseUrl}/api/categories`)).json()) as {
    name: string;
    subcategories?: { name: string; options?: { name: string; subOptions?: { name: string }[] }[] }[];
  }[];
  const top = tree[0];
  const sub = top?.subcategories?.[0];
  const option = sub?.options?.[0];
  const subOption = option?.subOptions?.[0];
  const levels = [top, sub, option, subOption].filter((level) => level !== undefined).map((l) => l.name);
  const categories = levels.slice(1).map((_, i) => ({
    name: `category, level ${i + 2}`,
    path: `/categories/${levels
      .slice(0, i + 2)
      .map((name) => encodeURIComponent(name))
      .join('/')}`,
  }));
  return [
    ...pages,
    ...categories,
    { name: 'search, no results', path: '/search/zzzz-nothing' },
    { name: 'register', path: '/register' },
    { name: 'cart', path: '/cart' },
    { name: 'wishlist', path: '/wishlist' },
    { name: 'checkout', path: '/checkout' },
    { name: 'my orders', path: '/orders' },
    { name: 'faq', path: '/faq' },
    { name: 'help', path: '/help' },
    { name: 'contact', path: '/contact' },
    { name: 'policy', path: '/privacy-policy' },
    { name: '404', path: '/no-such-page' },
  ];
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

/**
 * The source files a built chunk was made from, by its source map. The bundler's own runtime chunk
 * (its module helpers) comes from no source file, and has no map.
 */
function sourcesOf(file: string): string[] | undefined {
  const map = path.join(dist, `${file}.map`);
  if (existsSync(map)) return (JSON.parse(readFileSync(map, 'utf8')).sources ?? []) as string[];
  return /^assets\/rolldown-runtime-[\w-]+\.js$/.test(file) ? [] : undefined;
}

await withBuiltShop(async (baseUrl) => {
  const html = await (await fetch(baseUrl)).text();
  const { scripts, styles } = pageAssets(html);
  if (scripts.length === 0)
    throw new Error('The home page names no module script: is it the server-rendered build?');

  const rows: { url: string; br: Served; gzip: Served; raw: Served }[] = [];
  for (const url of scripts) {
    const [br, gzip, raw] = await Promise.all([
      servedBytes(baseUrl + url, 'br'),
      servedBytes(baseUrl + url, 'gzip'),
      servedBytes(baseUrl + url, 'identity'),
    ]);
    rows.push({ url, br, gzip, raw });
  }
  rows.sort((a, b) => b.br.bytes - a.br.bytes);
  console.log(`Home route JavaScript as served by ${baseUrl} (${rows.length} files):\n`);
  console.log('| file | brotli KiB | gzip KiB | raw KiB |');
  console.log('|---|---:|---:|---:|');
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((s, row) => s + pick(row), 0);
  for (const row of rows) {
    const tag = (r: { bytes: number; encoding: string }, want: string) =>
      `${kib(r.bytes)}${r.encoding === want ? '' : ` (${r.encoding})`}`;
    console.log(`| ${row.url} | ${tag(row.br, 'br')} | ${tag(row.gzip, 'gzip')} | ${kib(row.raw.bytes)} |`);
  }
  const total = sum((r) => r.br.bytes);
  console.log(
    `| **total** | ${kib(total)} | ${kib(sum((r) => r.gzip.bytes))} | ${kib(sum((r) => r.raw.bytes))} |`,
  );

  let css = 0;
  for (const url of styles) css += (await servedBytes(baseUrl + url, 'br')).bytes;
  const htmlBr = await servedBytes(baseUrl, 'br');
  console.log(
    `\nCSS: ${kib(css)} KiB brotli (${styles.join(', ')}${/<style[^>]+data-href=/.test(html) ? ', inlined in the HTML' : ''}); the HTML itself: ${kib(htmlBr.bytes)} KiB brotli.`,
  );

  const within = total <= BUDGET_KB * 1024;
  console.log(
    `\nBudget: ${kib(total)} KiB of ${BUDGET_KB} KB brotli — ${within ? 'within budget' : 'OVER BUDGET'}`,
  );
  if (!within) process.exitCode = 1;

  const files = rows.map((row) => row.url.replace(/^\//, ''));
  const sources = files.map((file) => ({ file, sources: sourcesOf(file) }));
  if (sources.some((s) => !s.sources)) {
    console.log('Admin code and zod in the home route: cannot tell, the build has no source maps — FAIL');
    process.exitCode = 1;
    return;
  }
  const admin = sources.filter((s) => s.sources!.some((src) => src.includes('/src/features/admin/')));
  console.log(
    admin.length
      ? `Admin code in the home route: ${admin.map((s) => s.file).join(', ')} — FAIL`
      : 'Admin code in the home route: none — OK',
  );
  const zod = sources.filter((s) => s.sources!.some((src) => /node_modules\/zod\//.test(src)));
  console.log(
    zod.length
      ? `zod in the home route: ${zod.map((s) => s.file).join(', ')} — FAIL`
      : 'zod in the home route: none — OK',
  );
  if (admin.length || zod.length) process.exitCode = 1;

  console.log(`\nEvery storefront route (JavaScript before it is interactive, Brotli as served):\n`);
  console.log('| route | path | scripts | brotli KiB |');
  console.log('|---|---|---:|---:|');
  const sizes = new Map<string, number>();
  let over = 0;
  for (const route of await storefrontRoutes(baseUrl)) {
    const res = await fetch(baseUrl + route.path);
    const page = pageAssets(await res.text()).scripts;
    let bytes = 0;
    for (const url of page) {
      if (!sizes.has(url)) sizes.set(url, (await servedBytes(baseUrl + url, 'br')).bytes);
      bytes += sizes.get(url)!;
    }
    const tooMany = page.length > MAX_SCRIPT_REQUESTS;
    if (tooMany) over++;
    console.log(
      `| ${route.name} | ${route.path} (${res.status}) | ${page.length}${tooMany ? ' (over 12)' : ''} | ${kib(bytes)} |`,
    );
  }
  console.log(
    over
      ? `\n${over} route(s) need more than ${MAX_SCRIPT_REQUESTS} script requests — FAIL`
      : `\nEvery route within ${MAX_SCRIPT_REQUESTS} script requests — OK`,
  );
  if (over) process.exitCode = 1;
});
