// Bundles the server into one ESM file; npm packages stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: 'src/server.ts',
    'create-admin': 'src/cli/create-admin.ts',
    'storage-migrate': 'src/cli/storage-migrate.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // The shared workspace package is TypeScript source, so it is bundled in rather than loaded
  // (its folder, so subpath imports such as @bazaar/shared/constants resolve too).
  alias: { '@bazaar/shared': '../../packages/shared/src' },
  logLevel: 'warning',
});
