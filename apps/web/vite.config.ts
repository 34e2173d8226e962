import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ModuleInfo } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(root, 'src');

/**
 * React Router's package points every condition at its development build (warnings, checks, 20% more
 * code); its production build sits beside it. Framework mode's plugin makes this switch; data mode
 * has to make it itself.
 */
const reactRouterProduction = fileURLToPath(
  new URL('../production/index.mjs', import.meta.resolve('react-router')),
);

/**
 * In the server build, every page module says which client chunk it is (its manifest key), so the
 * server can preload a page's chunk beside the entry instead of after it (the not-found page is the
 * app's own).
 */
function pageChunkNames(): Plugin {
  return {
    name: 'bazaar:page-chunk-names',
    apply: 'build',
    transform(code, id, options) {
      if (!options?.ssr) return;
      const key = path.relative(root, id).split(path.sep).join('/');
      if (!/^src\/(features\/[^/]+\/pages\/[^/]+|app\/not-found-page)\.tsx$/.test(key)) return;
      return { code: `${code}\nexport const __chunk = ${JSON.stringify(key)};`, map: null };
    },
  };
}

/** The entry's stylesheet: in every page the server sends (inlined as a `<style href>`, or linked). */
const ENTRY_CSS = /^assets\/shop-[\w-]+\.css$/;
/** A lazy chunk's list of files to fetch beside it (`__vite__mapDeps`), and the uses of its indices. */
const MAP_DEPS = /m\.f=(\[[^\]]*\])/;
const MAP_DEPS_CALL = /__vite__mapDeps\(\[([\d,]*)\]\)/g;

/**
 * Takes the entry's stylesheet out of every lazy chunk's preload list. The preloader looks for a
 * `<link rel=stylesheet>` to it, finds none beside the `<style>` the server inlined, links the file
 * again, and once it arrives the whole page restyles and lays out anew: a long task on every page
 * that loads a chunk after its first paint (sight prefetches, My Orders, checkout; issue 27).
 * `modulePreload.resolveDependencies` is never shown the CSS. The list itself is on the chunk's first
 * line, which the source map leaves unmapped; a use of it keeps its length (a kept index twice, which
 * the preloader fetches once, or blanks), so the map still points right after it.
 */
function entryCssNotPreloaded(): Plugin {
  return {
    name: 'bazaar:entry-css-not-preloaded',
    apply: 'build',
    // After Vite's own generateBundle, which writes the lists.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const list = MAP_DEPS.exec(chunk.code);
          if (!list) continue;
          const deps = JSON.parse(list[1]!) as string[];
          if (!deps.some((dep) => ENTRY_CSS.test(dep))) continue;
          const kept = deps.filter((dep) => !ENTRY_CSS.test(dep));
          const index = new Map(kept.map((dep) => [deps.indexOf(dep), kept.indexOf(dep)]));
          const sameLength = (indices: number[], length: number) => {
            let text = `[${indices.join(',')}]`;
            const last = indices.at(-1);
            while (last !== undefined && text.length + String(last).length + 1 <= length)
              text = `${text.slice(0, -1)},${last}]`;
            return `${text.slice(0, -1)}${' '.repeat(length - text.length)}]`;
          };
          chunk.code = chunk.code
            .replace(MAP_DEPS, () => `m.f=${JSON.stringify(kept)}`)
            .replace(MAP_DEPS_CALL, (whole, indices: string) => {
              const mapped = indices
                .split(',')
                .filter((i) => index.has(Number(i)))
                .map((i) => index.get(Number(i))!);
              return `__vite__mapDeps(${sameLength(mapped, whole.length - 17)})`;
            });
        }
      },
    },
  };
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml)$/;
// The bundler's runtime chunk (some 700 bytes, in every page's first load) is worth its Brotli copy too:
// left to the server it was compressed on the fly, at a lower quality.
const MIN_BYTES = 512;

/**
 * Brotli (quality 11) and gzip (level 9) copies of every text file of the client build, made once
 * here; the server sends the one the browser accepts (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bazaar:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.name.startsWith('.')
            ? []
            : entry.isDirectory()
              ? walk(path.join(dir, entry.name))
              : [path.join(dir, entry.name)],
        );
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const bytes = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/** What a module statically imports, from a starting module on (dynamic imports are other chunks). */
function staticallyReached(start: string, info: (id: string) => ModuleInfo | null): Set<string> {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length) {
    const id = todo.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    todo.push(...(info(id)?.importedIds ?? []));
  }
  return seen;
}

const ENTRY = path.join(src, 'main.tsx');
/** The chunks the entry imports statically (the groups below, and the bundler's runtime). */
const ENTRY_CHUNKS = /^assets\/(framework|shop|rolldown-runtime)-[\w-]+\.js$/;
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand)[\\/]/;
const ZOD = /node_modules[\\/](zod|@hookform[\\/]resolvers)[\\/]/;
const CATALOGUE_PAGES = ['home-page', 'listing-page', 'search-page', 'product-page'].map((name) =>
  path.join(src, 'features/catalogue/pages', `${name}.tsx`),
);

const pageOf = (feature: string, name: string) => path.join(src, 'features', feature, 'pages', `${name}.tsx`);
const CHECKOUT_PAGE = pageOf('checkout', 'checkout-page');
/**
 * The storefront's other pages: what the checkout shares with any of them stays out of its chunk (the
 * profile's address book and the admin may load the checkout's parts).
 */
const OTHER_PAGES = () =>
  readdirSync(path.join(src, 'features'))
    .filter((feature) => feature !== 'admin')
    .flatMap((feature) => {
      const dir = path.join(src, 'features', feature, 'pages');
      return statSync(dir, { throwIfNoEntry: false })?.isDirectory()
        ? readdirSync(dir)
            .filter((f) => f.endsWith('.tsx') && !f.includes('.test.'))
            .map((f) => path.join(dir, f))
        : [];
    })
    .filter((page) => page !== CHECKOUT_PAGE && page !== pageOf('account', 'profile-page'));

const PAGE_FAMILIES = ['account', 'content'];
const pagesOf = (family: string) => {
  const dir = path.join(src, 'features', family, 'pages');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.tsx') && !file.includes('.test.'))
    .map((file) => path.join(dir, file));
};

/**
 * The chunk of a module the first page needs, by what reaches it: every page's modules before the page
 * can hydrate were some forty files (a request each, most a few hundred bytes, too short for Brotli to
 * do much). Now:
 *  - `framework`: the libraries (React, the router, TanStack Query, Zustand), cached across releases;
 *  - `shop`: everything the entry (main.tsx) imports statically, the layout, header, stores and API;
 *    and what the home page imports statically and another catalogue page too (cards, rows, prices):
 *    the first page most shoppers see, and its neighbours, without the filters' and the product
 *    page's own code. Those were a `catalogue` chunk of their own, but the shop's modules imported
 *    from it (icons, the API client), so every page loaded both: one chunk is a request less for
 *    each page and 1.4 KiB (Brotli) less for the home page (issue 27);
 *  - `account`, `content`: the shop's own modules two pages of that feature share;
 *  - `zod`: zod and its form resolver, for the form pages that validate in the browser;
 * and each page, the admin, checkout and the rest keep their own chunks, loaded when reached.
 */
function chunkGroups() {
  let reach:
    | { entry: Set<string>; catalogue: Set<string>; families: Map<string, string>; checkout: Set<string> }
    | undefined;
  const sets = (info: (id: string) => ModuleInfo | null) => {
    if (reach) return reach;
    const entry = staticallyReached(ENTRY, info);
    const [home, ...others] = CATALOGUE_PAGES.map((page) => staticallyReached(page, info));
    const catalogue = new Set([...home!].filter((id) => others.some((page) => page.has(id))));
    // The shop's own modules two or more pages of one feature share (the account forms' fields and
    // layout, the help pages' texts); libraries stay where the bundler puts them.
    const families = new Map<string, string>();
    for (const family of PAGE_FAMILIES) {
      const counts = new Map<string, number>();
      for (const page of pagesOf(family)) {
        for (const id of staticallyReached(page, info)) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      for (const [id, count] of counts) {
        const own = id.startsWith(src) && !/[\\/]pages[\\/]/.test(id);
        if (count >= 2 && own && !entry.has(id) && !catalogue.has(id) && !families.has(id)) {
          families.set(id, family);
        }
      }
    }
    // The checkout's own parts (address form, states, tax settings, payment), five requests of a few
    // hundred bytes to 3 KB each: one chunk, without what other storefront pages share with it.
    const around = OTHER_PAGES().map((page) => staticallyReached(page, info));
    const checkout = new Set(
      [...staticallyReached(CHECKOUT_PAGE, info)].filter(
        (id) =>
          id !== CHECKOUT_PAGE &&
          !id.includes('node_modules') &&
          !entry.has(id) &&
          !catalogue.has(id) &&
          !around.some((page) => page.has(id)),
      ),
    );
    reach = { entry, catalogue, families, checkout };
    return reach;
  };
  return [
    { name: 'framework', test: FRAMEWORK, priority: 30 },
    {
      name(id: string, ctx: { getModuleInfo(id: string): ModuleInfo | null }) {
        const { entry, catalogue } = sets((m) => ctx.getModuleInfo(m));
        if (entry.has(id) && id !== ENTRY) return 'shop';
        if (catalogue.has(id) && !CATALOGUE_PAGES.includes(id)) return 'shop';
        return null;
      },
      debugName: 'shop',
      priority: 20,
    },
    {
      name(id: string, ctx: { getModuleInfo(id: string): ModuleInfo | null }) {
        return sets((m) => ctx.getModuleInfo(m)).checkout.has(id) ? 'checkout-parts' : null;
      },
      debugName: 'checkout-parts',
      // Only the parts themselves: their libraries (zod, react-hook-form) stay in the chunks the
      // other form pages load.
      includeDependenciesRecursively: false,
      priority: 20,
    },
    {
      // zod and its form resolver, one chunk for the form pages that validate in the browser (the
      // contact page fetched zod's core, its coercions and the resolver as three requests: 13 in
      // all). Only what is reached, never the entry's (first-load JavaScript holds no zod).
      name: 'zod',
      test: ZOD,
      includeDependenciesRecursively: false,
      priority: 15,
    },
    {
      // A group of its own, below the one above: the shop's modules are taken first, so a family's
      // chunk never pulls one of them in as a dependency.
      name(id: string, ctx: { getModuleInfo(id: string): ModuleInfo | null }) {
        return sets((m) => ctx.getModuleInfo(m)).families.get(id) ?? null;
      },
      debugName: 'page families',
      priority: 10,
    },
  ];
}

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    pageChunkNames(),
    isSsrBuild ? null : entryCssNotPreloaded(),
    isSsrBuild ? null : precompress(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      ...(mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
  // The renderer bundles the router (for the alias above) and the workspace's TypeScript package;
  // the other packages load from node_modules.
  ssr: { noExternal: ['react-router', '@bazaar/shared'] },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', sourcemap: true, emptyOutDir: true }
    : {
        outDir: 'dist',
        sourcemap: true,
        assetsDir: 'assets',
        manifest: true,
        // Every browser the shop supports preloads modules itself: the polyfill was a script of its own.
        modulePreload: {
          polyfill: false,
          // A lazy chunk's list of what to fetch beside it leaves out the chunks the entry imports
          // statically, loaded before any import() runs: every file named there is a hash Brotli cannot
          // shrink, in the shop chunk of every first load (issue 27).
          resolveDependencies: (_file, deps) => deps.filter((dep) => !ENTRY_CHUNKS.test(dep)),
        },
        rolldownOptions: {
          output: { codeSplitting: { groups: chunkGroups() } },
        },
      },
}));
