// npm run build: builds the web app and the server, each only when its inputs changed since its
// last build (a fingerprint of their contents, kept beside the outputs); `--force` builds both.
// npm ci runs it too (`prepare`, with `--if-possible`: it never fails the install, and without the
// build tools, as after `npm ci --omit=dev`, it says so and builds nothing).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMain } from './is-main.mjs';

/**
 * @typedef {{ name: string; script: string; tool: string; inputs: string[]; outputs: string[]; stamp: string }} Unit
 */

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What every build reads besides its own sources: the dependencies' versions and this recipe. */
const COMMON_INPUTS = [
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build.mjs',
  'packages/shared/package.json',
  'packages/shared/src',
];

/** The two builds, in the order `npm run build` used to run them. Paths are relative to the repository. */
export const UNITS = /** @type {Unit[]} */ ([
  {
    name: 'web app',
    script: 'apps/web/build.mjs',
    tool: 'vite',
    inputs: [
      ...COMMON_INPUTS,
      'apps/web/package.json',
      'apps/web/build.mjs',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/tsconfig.server.json',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/src',
      // Vite reads these when they exist.
      'apps/web/.env',
      'apps/web/.env.local',
      'apps/web/.env.production',
      'apps/web/.env.production.local',
    ],
    outputs: [
      'apps/web/dist/index.html',
      'apps/web/dist/.vite/manifest.json',
      'apps/web/dist-ssr/entry-server.js',
    ],
    // In the renderer's folder, which the server never serves (apps/web/dist is public).
    stamp: 'apps/web/dist-ssr/.build-stamp.json',
  },
  {
    name: 'server',
    script: 'apps/server/build.mjs',
    tool: 'esbuild',
    inputs: [
      ...COMMON_INPUTS,
      'apps/server/package.json',
      'apps/server/build.mjs',
      'apps/server/drizzle',
      'apps/server/src',
    ],
    outputs: [
      'apps/server/dist/server.js',
      'apps/server/dist/create-admin.js',
      'apps/server/dist/pglite-base.json',
    ],
    stamp: 'apps/server/dist/.build-stamp.json',
  },
]);

/** Tests sit beside the code they test; no build reads them. */
const NOT_AN_INPUT = /\.test\.tsx?$/;

/**
 * Every file under `inputs` (files or folders, relative to `root`), as sorted '/'-separated paths
 * relative to `root`; an input that does not exist is left out.
 * @param {string[]} inputs @param {string} root
 * @returns {string[]}
 */
export function inputFiles(inputs, root = ROOT) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} rel */
  const visit = (rel) => {
    const abs = path.join(root, rel);
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (error) {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      if (code === 'ENOTDIR') files.push(rel);
      else if (code !== 'ENOENT') throw error;
      return;
    }
    for (const entry of entries) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) visit(child);
      else if (entry.isFile() && !NOT_AN_INPUT.test(entry.name)) files.push(child);
    }
  };
  for (const input of inputs) visit(input);
  return [...new Set(files)].sort();
}

/**
 * A hash of the inputs' paths and contents: equal exactly when a build would read the same files.
 * @param {string[]} inputs @param {string} root
 */
export function fingerprint(inputs, root = ROOT) {
  const hash = createHash('sha256');
  for (const file of inputFiles(inputs, root)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/**
 * Whether the unit's outputs exist and were built from inputs identical to today's.
 * @param {Unit} unit @param {string} root
 */
export function isFresh(unit, root = ROOT) {
  if (!unit.outputs.every((output) => existsSync(path.join(root, output)))) return false;
  try {
    const stamp = JSON.parse(readFileSync(path.join(root, unit.stamp), 'utf8'));
    return stamp.inputs === fingerprint(unit.inputs, root);
  } catch {
    return false;
  }
}

/**
 * Whether `name` is installed where `dir`'s code would look for it.
 * @param {string} name @param {string} dir
 */
function installed(name, dir) {
  for (let at = dir; ; at = path.dirname(at)) {
    if (existsSync(path.join(at, 'node_modules', name, 'package.json'))) return true;
    if (path.dirname(at) === at) return false;
  }
}

/**
 * Runs the unit's build script in its own process. Its stamp goes first and comes back only after
 * a build that succeeded, with the fingerprint of the inputs as they were when it started.
 * @param {Unit} unit
 * @returns {Promise<{ ok: boolean; ms: number }>}
 */
async function buildUnit(unit) {
  const started = Date.now();
  const inputs = fingerprint(unit.inputs);
  rmSync(path.join(ROOT, unit.stamp), { force: true });
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, unit.script)], { cwd: ROOT, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  const ok = code === 0;
  if (ok) writeFileSync(path.join(ROOT, unit.stamp), `${JSON.stringify({ inputs })}\n`);
  return { ok, ms: Date.now() - started };
}

/**
 * Builds the units whose outputs are missing or older than their inputs (every unit with
 * `force`), side by side, and says what it did. Resolves to whether every build succeeded.
 * @param {{ force?: boolean; quiet?: boolean }} options
 */
export async function buildStale({ force = false, quiet = false } = {}) {
  const stale = UNITS.filter((unit) => force || !isFresh(unit));
  const missing = stale.filter((unit) => !installed(unit.tool, path.join(ROOT, path.dirname(unit.script))));
  if (missing.length > 0) {
    const tools = missing.map((unit) => unit.tool).join(' and ');
    console.error(
      `Cannot build the ${missing.map((unit) => unit.name).join(' and ')}: ${tools} is not installed.`,
    );
    console.error('Install every dependency (`npm ci`, without --omit=dev) to build the shop.');
    return false;
  }
  const results = await Promise.all(stale.map(buildUnit));
  let ok = true;
  for (const [i, unit] of stale.entries()) {
    const result = results[i];
    if (!result) continue;
    ok &&= result.ok;
    const seconds = (result.ms / 1000).toFixed(1);
    console.log(result.ok ? `Built the ${unit.name} in ${seconds} s` : `Building the ${unit.name} failed`);
  }
  if (!quiet) {
    for (const unit of UNITS) if (!stale.includes(unit)) console.log(`The ${unit.name} is up to date`);
  }
  return ok;
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const ok = await buildStale({ force: args.includes('--force') });
  if (!ok && args.includes('--if-possible')) {
    console.warn('The shop was not built now; `npm start` and `npm run build` will try again.');
  } else if (!ok) {
    process.exitCode = 1;
  }
}
