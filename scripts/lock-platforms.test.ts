import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lockPlatformProblems } from './lock-platforms.mjs';

type Lock = Parameters<typeof lockPlatformProblems>[0];

const realLock: Lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));

/** The real lock with `change` applied to a copy. */
function lockWith(change: (packages: Lock['packages']) => void): Lock {
  const copy = structuredClone(realLock);
  change(copy.packages);
  return copy;
}

describe('package-lock.json carries every native build for every supported platform', () => {
  it('holds a build of sharp, libvips, Biome, Tailwind oxide, every esbuild, Rolldown and Lightning CSS for each', () => {
    expect(lockPlatformProblems(realLock)).toEqual([]);
  });

  it.each([
    ['node_modules/@biomejs/cli-darwin-arm64', 'node_modules/@biomejs/biome', 'darwin-arm64'],
    ['node_modules/@biomejs/cli-win32-x64', 'node_modules/@biomejs/biome', 'win32-x64'],
    ['node_modules/@img/sharp-darwin-x64', 'node_modules/sharp', 'darwin-x64'],
    ['node_modules/@img/sharp-libvips-linux-arm64', 'node_modules/sharp', 'linux-arm64 (glibc)'],
    ['node_modules/@img/sharp-linuxmusl-x64', 'node_modules/sharp', 'linux-x64 (musl)'],
    ['node_modules/@tailwindcss/oxide-win32-x64-msvc', 'node_modules/@tailwindcss/oxide', 'win32-x64'],
    ['node_modules/@esbuild/linux-arm64', 'node_modules/esbuild', 'linux-arm64 (glibc)'],
    [
      'node_modules/drizzle-kit/node_modules/@esbuild/win32-x64',
      'node_modules/drizzle-kit/node_modules/esbuild',
      'win32-x64',
    ],
    [
      'node_modules/@esbuild-kit/core-utils/node_modules/@esbuild/darwin-arm64',
      'node_modules/@esbuild-kit/core-utils/node_modules/esbuild',
      'darwin-arm64',
    ],
    ['node_modules/@rolldown/binding-linux-x64-gnu', 'node_modules/rolldown', 'linux-x64 (glibc)'],
    ['node_modules/lightningcss-linux-arm64-musl', 'node_modules/lightningcss', 'linux-arm64 (musl)'],
  ])('fails when %s is removed', (removed, parent, platform) => {
    const problems = lockPlatformProblems(lockWith((packages) => delete packages[removed]));
    const name = removed.slice(removed.lastIndexOf('node_modules/') + 'node_modules/'.length);
    // A nested copy's build falls back to the hoisted one, at another version.
    expect(problems.some((p) => p.startsWith(`${parent} `) && p.includes(` ${name}@`))).toBe(true);
    expect(problems.some((p) => p.startsWith(`${parent}@`) && p.endsWith(` build for ${platform}`))).toBe(
      true,
    );
  });

  it('fails when an optional build of a platform outside the list is missing (FreeBSD)', () => {
    const problems = lockPlatformProblems(
      lockWith((packages) => delete packages['node_modules/@esbuild/freebsd-x64']),
    );
    expect(problems).toEqual([
      `node_modules/esbuild declares @esbuild/freebsd-x64@${realLock.packages['node_modules/esbuild']?.version}, which the lock does not hold`,
    ]);
  });

  it("fails when a platform's name is pointed at another platform's build (an npm alias)", () => {
    const problems = lockPlatformProblems(
      lockWith((packages) => {
        const linux = packages['node_modules/@biomejs/cli-linux-arm64']!;
        packages['node_modules/@biomejs/cli-darwin-arm64'] = { ...linux, name: '@biomejs/cli-linux-arm64' };
      }),
    );
    expect(problems).toContain(
      'node_modules/@biomejs/cli-darwin-arm64 installs @biomejs/cli-linux-arm64 instead',
    );
    expect(problems.some((p) => p.endsWith('build for darwin-arm64'))).toBe(true);
  });

  it('fails when a build is locked at another version than its package asks for', () => {
    const problems = lockPlatformProblems(
      lockWith((packages) => {
        packages['node_modules/@esbuild/linux-x64']!.version = '0.0.1';
      }),
    );
    const version = realLock.packages['node_modules/esbuild']?.version;
    expect(problems).toEqual([
      `node_modules/esbuild needs @esbuild/linux-x64@${version}; the lock has 0.0.1 at node_modules/@esbuild/linux-x64`,
      `node_modules/esbuild@${version} has no @esbuild/* build for linux-x64 (glibc)`,
      `node_modules/esbuild@${version} has no @esbuild/* build for linux-x64 (musl)`,
    ]);
  });

  it('names a new native package the check does not cover yet', () => {
    const problems = lockPlatformProblems(
      lockWith((packages) => {
        packages['node_modules/@parcel/watcher-linux-x64-glibc'] = {
          version: '2.5.1',
          integrity: 'sha512-x',
          os: ['linux'],
          cpu: ['x64'],
        };
      }),
    );
    expect(problems).toEqual([
      'node_modules/@parcel/watcher-linux-x64-glibc is a platform build of a package the check does not know: add it to NATIVE_PACKAGES',
    ]);
  });
});
