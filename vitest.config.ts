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
          globalSetup: ['test/global-setup.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The storefront's listing tests again on the database path (CATALOGUE_INDEX=postgres); the
        // project above runs everything on the default, the in-memory index.
        test: {
          name: 'server-postgres-index',
          root: 'apps/server',
          include: [
            'src/modules/catalogue/products.test.ts',
            'src/modules/catalogue/facet-counts.test.ts',
            'src/modules/catalogue/listing-paging.test.ts',
            'src/modules/catalogue/cache-invalidation.test.ts',
          ],
          env: { TEST_CATALOGUE_INDEX: 'postgres' },
          globalSetup: ['test/global-setup.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts', 'scripts/*.test.ts'] },
      },
    ],
  },
});
