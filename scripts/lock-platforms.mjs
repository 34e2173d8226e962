// Checks that package-lock.json lets `npm ci` install every native build the shop needs, on every
// platform it supports: `node scripts/lock-platforms.mjs` prints what is missing (the tooling tests run it).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isMain } from './is-main.mjs';

/**
 * @typedef {{ os: string; cpu: string; libc?: 'glibc' | 'musl' }} Platform
 * @typedef {{ version?: string; name?: string; os?: string[]; cpu?: string[]; libc?: string[];
 *   integrity?: string; optionalDependencies?: Record<string, string> }} LockEntry
 * @typedef {{ packages: Record<string, LockEntry> }} Lock
 * @typedef {{ parent: string; label: string; builds: RegExp; platforms?: string[] }} NativePackage
 */

/** The platforms a developer or a server of the shop may install on, by name. */
export const PLATFORMS = /** @type {Record<string, Platform>} */ ({
  'darwin-arm64': { os: 'darwin', cpu: 'arm64' },
  'darwin-x64': { os: 'darwin', cpu: 'x64' },
  'win32-x64': { os: 'win32', cpu: 'x64' },
  'linux-x64 (glibc)': { os: 'linux', cpu: 'x64', libc: 'glibc' },
  'linux-arm64 (glibc)': { os: 'linux', cpu: 'arm64', libc: 'glibc' },
  'linux-x64 (musl)': { os: 'linux', cpu: 'x64', libc: 'musl' },
  'linux-arm64 (musl)': { os: 'linux', cpu: 'arm64', libc: 'musl' },
});

/**
 * Packages run at run or build time whose native code comes as one optional package per platform
 * (`builds` matches those packages' names). Every copy in the lock is checked, nested ones too. A
 * build without a `libc` field serves glibc and musl alike (esbuild's static binaries).
 */
export const NATIVE_PACKAGES = /** @type {NativePackage[]} */ ([
  { parent: 'sharp', label: '@img/sharp-*', builds: /^@img\/sharp-(?!libvips-)/ },
  // On Windows, libvips comes inside @img/sharp-win32-x64 itself.
  {
    parent: 'sharp',
    label: '@img/sharp-libvips-*',
    builds: /^@img\/sharp-libvips-/,
    platforms: Object.keys(PLATFORMS).filter((name) => !name.startsWith('win32')),
  },
  { parent: '@biomejs/biome', label: '@biomejs/cli-*', builds: /^@biomejs\/cli-/ },
  { parent: '@tailwindcss/oxide', label: '@tailwindcss/oxide-*', builds: /^@tailwindcss\/oxide-/ },
  { parent: 'esbuild', label: '@esbuild/*', builds: /^@esbuild\// },
  { parent: 'rolldown', label: '@rolldown/binding-*', builds: /^@rolldown\/binding-/ },
  { parent: 'lightningcss', label: 'lightningcss-*', builds: /^lightningcss-/ },
]);

/** Platform-only packages that some platforms simply do without (macOS's file watcher). */
const PLATFORM_EXTRAS = new Set(['fsevents']);

const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[\w.]+)?$/;

/**
 * `node_modules/a/node_modules/@b/c` → `@b/c`; '' for the root and workspace folders.
 * @param {string} key
 */
function packageName(key) {
  const at = key.lastIndexOf('node_modules/');
  return at < 0 ? '' : key.slice(at + 'node_modules/'.length);
}

/**
 * Where Node would find `name` when required from the package at `from` (its folder, then each parent's).
 * @param {Lock} lock @param {string} from @param {string} name
 * @returns {string | undefined}
 */
function resolveIn(lock, from, name) {
  let base = from;
  for (;;) {
    const key = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[key]) return key;
    if (!base) return undefined;
    const up = base.lastIndexOf('/node_modules/');
    base = up < 0 ? '' : base.slice(0, up);
  }
}

/**
 * The entry `from` gets for its dependency `name` when it is at the version `range` names (any
 * version when the range is not an exact one).
 * @param {Lock} lock @param {string} from @param {string} name @param {string} range
 */
function matchingEntry(lock, from, name, range) {
  const key = resolveIn(lock, from, name);
  const found = key === undefined ? undefined : lock.packages[key];
  return found && (!EXACT_VERSION.test(range) || found.version === range) ? found : undefined;
}

/**
 * Whether an entry's os/cpu/libc fields let npm install it on `platform`.
 * @param {LockEntry} entry @param {Platform} platform
 */
function installsOn(entry, platform) {
  // npm's lists name what a package runs on, or what it does not (`!win32`).
  /** @type {(list: string[] | undefined, value: string) => boolean} */
  const allows = (list, value) =>
    !list || (!list.includes(`!${value}`) && (list.every((v) => v.startsWith('!')) || list.includes(value)));
  return (
    allows(entry.os, platform.os) &&
    allows(entry.cpu, platform.cpu) &&
    (!entry.libc || !platform.libc || entry.libc.includes(platform.libc))
  );
}

/**
 * Every reason `npm ci` from this lock would leave a native package without its build on one of
 * the supported platforms; empty when there is none.
 * @param {Lock} lock
 * @returns {string[]}
 */
export function lockPlatformProblems(lock) {
  /** @type {string[]} */
  const problems = [];
  const entries = Object.entries(lock.packages);

  // An optional dependency the lock does not hold is never installed, on any platform.
  for (const [key, entry] of entries) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      const found = resolveIn(lock, key, name);
      if (!found) {
        problems.push(`${key || 'the root'} declares ${name}@${range}, which the lock does not hold`);
      } else if (EXACT_VERSION.test(range) && lock.packages[found]?.version !== range) {
        problems.push(
          `${key} needs ${name}@${range}; the lock has ${lock.packages[found]?.version} at ${found}`,
        );
      }
    }
  }

  for (const [key, entry] of entries) {
    const name = packageName(key);
    if (!name || !(entry.os || entry.cpu)) continue;
    // An npm alias (`"x": "npm:y@1"`) installs another package under this name: another platform's build.
    if (entry.name && entry.name !== name) problems.push(`${key} installs ${entry.name} instead`);
    if (!entry.integrity) problems.push(`${key} has no integrity hash`);
    if (!PLATFORM_EXTRAS.has(name) && !NATIVE_PACKAGES.some((p) => p.builds.test(name))) {
      problems.push(
        `${key} is a platform build of a package the check does not know: add it to NATIVE_PACKAGES`,
      );
    }
  }

  for (const native of NATIVE_PACKAGES) {
    const copies = entries.filter(([key]) => packageName(key) === native.parent);
    if (copies.length === 0)
      problems.push(`the lock holds no ${native.parent}: is NATIVE_PACKAGES out of date?`);
    for (const [key, entry] of copies) {
      // Only a native build at the version its package asks for counts: esbuild refuses to run with
      // another, and a WebAssembly fallback that installs anywhere (oxide's) is no platform's build.
      const builds = Object.entries(entry.optionalDependencies ?? {})
        .filter(([dep]) => native.builds.test(dep))
        .map(([dep, range]) => matchingEntry(lock, key, dep, range))
        .filter(/** @returns {found is LockEntry} */ (found) => Boolean(found?.os || found?.cpu));
      for (const platform of native.platforms ?? Object.keys(PLATFORMS)) {
        const target = PLATFORMS[platform];
        if (target && !builds.some((build) => installsOn(build, target))) {
          problems.push(`${key}@${entry.version} has no ${native.label} build for ${platform}`);
        }
      }
    }
  }
  return problems;
}

if (isMain(import.meta.url)) {
  const lockFile = fileURLToPath(new URL('../package-lock.json', import.meta.url));
  const problems = lockPlatformProblems(JSON.parse(readFileSync(lockFile, 'utf8')));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log('package-lock.json holds every native build for every supported platform');
}
