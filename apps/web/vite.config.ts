import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
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
 * server can preload a page's chunk beside the entry instead of after it.
 */
function pageChunkNames(): Plugin {
  return {
    name: 'bazaar:page-chunk-names',
    apply: 'build',
    transform(code, id, options) {
      if (!options?.ssr) return;
      const key = path.relative(root, id).split(path.sep).join('/');
      if (!/^src\/features\/[^/]+\/pages\/[^/]+\.tsx$/.test(key)) return;
      return { code: `${code}\nexport const __chunk = ${JSON.stringify(key)};`, map: null };
    },
  };
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml)$/;
const MIN_BYTES = 1024;

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

/**
 * The libraries every page runs before it can hydrate, in one chunk: one request and one Brotli
 * stream instead of a dozen small shared chunks (3 KB less on the home route), and a file that stays
 * cached while the shop's own code changes.
 */
const CHUNK_GROUPS = [
  {
    name: 'framework',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand)[\\/]/,
  },
];

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), pageChunkNames(), isSsrBuild ? null : precompress()],
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
        rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
      },
}));
