// Builds the web app twice: the browser's bundle (dist, with Vite's manifest and compressed twins)
// and the server's renderer (dist-ssr). `npm run build` runs it through scripts/build.mjs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

await build({ root, logLevel: 'warn' });
await build({ root, logLevel: 'warn', build: { ssr: 'src/entry-server.tsx' } });
