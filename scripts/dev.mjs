// Development: the API with reload on change, and Vite's dev server proxying /api to it. Each tool
// runs straight from its package (no npm or shell in between), so stopping this stops them on every
// system, Windows included.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './node-version.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The script a package installs as its command, found as Node finds the package from `dir`.
 * @param {string} name @param {string} dir
 */
function binOf(name, dir) {
  for (let at = dir; ; at = path.dirname(at)) {
    const manifest = path.join(at, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) {
      const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
      return path.join(path.dirname(manifest), typeof bin === 'string' ? bin : bin[name]);
    }
    if (path.dirname(at) === at) throw new Error(`${name} is not installed: run npm ci`);
  }
}

requireSupportedNode();
const run = (/** @type {string} */ workspace, /** @type {string} */ tool, /** @type {string[]} */ args) => {
  const cwd = path.join(root, workspace);
  return spawn(process.execPath, [binOf(tool, cwd), ...args], { cwd, stdio: 'inherit' });
};
const children = [run('apps/server', 'tsx', ['watch', 'src/server.ts']), run('apps/web', 'vite', [])];

/** @param {number} code */
const stop = (code) => {
  for (const child of children) if (child.exitCode === null) child.kill();
  process.exitCode = code;
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => code && stop(code));
