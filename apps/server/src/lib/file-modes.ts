import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Makes DATA_DIR readable by the shop's own user only: the embedded database (password hashes in
 * its files and WAL), uploads and the generated secret. Every file the process creates from now on
 * is private too (umask 077: the embedded engine creates its files 0666 and leaves the rest to the
 * umask). A folder left open by an earlier version is closed, with everything in it.
 */
export function secureDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
  const { mode } = lstatSync(dataDir);
  if ((mode & 0o077) === 0) return;
  chmodSync(dataDir, PRIVATE_DIR);
  makePrivate(dataDir);
}

/**
 * Takes every permission but the owner's from the files and folders under `dir`. The embedded
 * engine writes the files of a new database with modes of its own (0666), whatever the umask.
 */
export function makePrivate(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      chmodSync(full, PRIVATE_DIR);
      makePrivate(full);
    } else if (entry.isFile()) {
      chmodSync(full, lstatSync(full).mode & PRIVATE_FILE);
    }
  }
}
