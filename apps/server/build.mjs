// Bundles the server into ESM files (npm packages stay external and load from node_modules), then
// makes the assets a first start would otherwise spend seconds on (src/cli/build-assets.ts).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));

// Emptied first, as Vite empties its own: nothing of an earlier build outlives it.
rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'src/server.ts',
    'create-admin': 'src/cli/create-admin.ts',
    'build-assets': 'src/cli/build-assets.ts',
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
const { buildAssets } = await import(pathToFileURL(path.join(root, 'dist/build-assets.js')).href);
await buildAssets(path.join(root, 'dist'));
