// npm start: builds what changed since the last build (nothing, after `npm ci`, which built it),
// then serves the shop in production mode in this very process. `--no-build` only serves.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildStale } from './build.mjs';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode();
if (!process.argv.includes('--no-build') && !(await buildStale({ quiet: true }))) process.exit(1);

const server = new URL('../apps/server/dist/server.js', import.meta.url);
if (!existsSync(fileURLToPath(server))) {
  console.error('The shop is not built: run `npm run build` first (or `npm start`, which builds it).');
  process.exit(1);
}
process.env.NODE_ENV = 'production';
await import(server.href);
