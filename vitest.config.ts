import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // The repository's own tooling: the lock file's platform builds, the build and start scripts.
      { test: { name: 'tooling', root: 'scripts', include: ['*.test.ts'] } },
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/faults/**'],
          globalSetup: ['test/global-setup.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Faults on real processes: a PostgreSQL of the test's own stopped and started under load,
        // signals sent to server processes. They need no TEST_DATABASE_URL, so they run once, in
        // `npm test` (not again in test:integration), one file at a time after every other project,
        // so the other suites' load does not blur what they time.
        test: {
          name: 'server-faults',
          root: 'apps/server',
          include: ['test/faults/**/*.test.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'] },
      },
      {
        // Components, hooks and screens in a DOM (happy-dom: its fetch, FormData and File work with MSW,
        // where jsdom's File in a multipart body stalls Node's fetch), the API answered by MSW. Pure
        // `.test.ts` files stay in the Node project above, without a DOM to set up.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web-dom',
          root: 'apps/web',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/testing/dom-setup.ts'],
          // A screen test types and clicks through a form; two shared cores make that slow at times.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
