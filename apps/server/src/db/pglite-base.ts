import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildOutput } from '../lib/build-output';

/**
 * A migrated, empty embedded database made once by `npm run build` (apps/server/dist/pglite-base),
 * copied into a new DATA_DIR instead of creating the database there: PGlite creates one by running
 * initdb in a second WebAssembly instance (about 2 s of CPU), a copy of the files a fraction of that.
 */

export const BASE = 'pglite-base';
/** Beside the folder: which migrations and engine made it (never inside it, PGDATA is the engine's). */
const MARK = 'pglite-base.json';

/** Changes whenever a migration or the embedded engine does, so a base made before either is never used. */
export function schemaHash(migrationsFolder: string): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')),
    ...readdirSync(path.join(migrationsFolder, 'meta')).map((f) => path.join('meta', f)),
  ].sort();
  for (const file of files) {
    hash.update(file.split(path.sep).join('/')).update(readFileSync(path.join(migrationsFolder, file)));
  }
  const require = createRequire(import.meta.url);
  const pglite = path.resolve(path.dirname(require.resolve('@electric-sql/pglite')), '../package.json');
  hash.update(JSON.parse(readFileSync(pglite, 'utf8')).version);
  return hash.digest('hex').slice(0, 16);
}

/** Marks a migrated embedded database folder as the base for `migrationsFolder`'s schema. */
export function baseMark(migrationsFolder: string): string {
  return JSON.stringify({ schema: schemaHash(migrationsFolder) });
}

export function markFileOf(baseFolder: string): string {
  return path.join(path.dirname(baseFolder), MARK);
}

function isEmptyOrMissing(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch {
    return true;
  }
}

/**
 * Fills a new embedded database folder `dir` with a copy of the base, when there is one made from
 * these very migrations; returns whether it did. A folder that holds anything is left to PGlite.
 * The copy is made beside `dir` and renamed into place, so a crash never leaves half a database.
 */
export function copyPgliteBase(dir: string, migrationsFolder: string, base = buildOutput(BASE)): boolean {
  if (!isEmptyOrMissing(dir) || !existsSync(path.join(base, 'PG_VERSION'))) return false;
  let mark: { schema?: unknown };
  try {
    mark = JSON.parse(readFileSync(markFileOf(base), 'utf8'));
  } catch {
    return false;
  }
  if (mark.schema !== schemaHash(migrationsFolder)) return false;
  // What a copy cut short left (the caller holds DATA_DIR's lock: no copy is under way).
  const parent = path.dirname(dir);
  const partialPrefix = `${path.basename(dir)}.partial-`;
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  for (const name of readdirSync(parent)) {
    if (name.startsWith(partialPrefix)) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  const partial = path.join(parent, `${partialPrefix}${process.pid}`);
  cpSync(base, partial, { recursive: true });
  if (existsSync(dir)) rmdirSync(dir);
  renameSync(partial, dir);
  return true;
}
