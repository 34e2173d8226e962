import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { fingerprint, inputFiles, isFresh, ROOT, UNITS } from './build.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'bazaar-build-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

const unit = {
  name: 'app',
  script: 'app/build.mjs',
  tool: 'esbuild',
  inputs: ['app/src', 'app/package.json', 'app/.env'],
  outputs: ['app/dist/main.js'],
  stamp: 'app/dist/.build-stamp.json',
};
const stampNow = () => write(unit.stamp, JSON.stringify({ inputs: fingerprint(unit.inputs, root) }));

describe('what `npm start` and `npm run build` rebuild', () => {
  beforeEach(() => {
    rmSync(path.join(root, 'app'), { recursive: true, force: true });
    write('app/package.json', '{}');
    write('app/src/main.ts', 'export const a = 1;');
    write('app/src/nested/page.tsx', 'export const b = 2;');
    write('app/dist/main.js', 'built');
  });

  it('reads every file under its inputs, but not tests, and not inputs that do not exist', () => {
    write('app/src/main.test.ts', 'test');
    expect(inputFiles(unit.inputs, root)).toEqual([
      'app/package.json',
      'app/src/main.ts',
      'app/src/nested/page.tsx',
    ]);
  });

  it('is fresh after a build, until a source changes, appears or goes', () => {
    stampNow();
    expect(isFresh(unit, root)).toBe(true);

    write('app/src/main.ts', 'export const a = 2;');
    expect(isFresh(unit, root)).toBe(false);
    stampNow();
    write('app/src/extra.ts', '');
    expect(isFresh(unit, root)).toBe(false);
    stampNow();
    unlinkSync(path.join(root, 'app/src/extra.ts'));
    expect(isFresh(unit, root)).toBe(false);
    stampNow();
    write('app/.env', 'VITE_X=1');
    expect(isFresh(unit, root)).toBe(false);
  });

  it('stays fresh when only a test changes', () => {
    stampNow();
    write('app/src/main.test.ts', 'another test');
    expect(isFresh(unit, root)).toBe(true);
  });

  it('is stale without its outputs, or without a stamp (a build that failed half way leaves none)', () => {
    stampNow();
    unlinkSync(path.join(root, 'app/dist/main.js'));
    expect(isFresh(unit, root)).toBe(false);
    write('app/dist/main.js', 'built');
    unlinkSync(path.join(root, unit.stamp));
    expect(isFresh(unit, root)).toBe(false);
  });

  it("names inputs that exist in this repository, and every build's stamp sits among its outputs", () => {
    for (const u of UNITS) {
      const files = inputFiles(u.inputs, ROOT);
      expect(files.some((f) => f.startsWith(path.dirname(u.script)))).toBe(true);
      expect(files).toContain('package-lock.json');
      expect(u.outputs.some((o) => path.dirname(o) === path.dirname(u.stamp))).toBe(true);
    }
    const server = UNITS.find((u) => u.script === 'apps/server/build.mjs');
    expect(inputFiles(server?.inputs ?? [], ROOT)).toContain('apps/server/drizzle/meta/_journal.json');
    expect(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).toContain(
      '"prepare": "node scripts/build.mjs --if-possible"',
    );
  });
});
