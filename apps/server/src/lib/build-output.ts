import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where `npm run build` put `name` (apps/server/dist/<name>): beside the bundled server, which runs
 * from dist, or in dist when the server runs from source (src/lib). What is found there is checked
 * against the sources before it is used: a build older than the code is simply not used.
 */
export function buildOutput(name: string): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, name), path.resolve(here, '../../dist', name)];
  return candidates.find((c) => existsSync(c)) ?? candidates[0]!;
}
