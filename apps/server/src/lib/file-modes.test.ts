import { spawn } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every file and folder under `dir` that a user other than the owner could read, write or enter. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const visit = (at: string) => {
    const mode = lstatSync(at).mode;
    if (mode & 0o077) open.push(`${path.relative(dir, at) || '.'} ${(mode & 0o777).toString(8)}`);
    if (lstatSync(at).isDirectory()) for (const name of readdirSync(at)) visit(path.join(at, name));
  };
  visit(dir);
  return open;
}

/** Starts the real server entry under a permissive umask, waits until it listens, then stops it. */
function runServerOnce(dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', 'umask 000 && exec node --import tsx src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        JWT_SECRET: '',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start:\n${output}`));
    }, 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Bazaar is open')) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(output);
    });
  });
}

// POSIX modes and umask: Windows keeps a user's files private through its profile's ACLs instead.
const onWindows = process.platform === 'win32';

describe.skipIf(onWindows)('DATA_DIR is private to the shop (the real server entry)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'bazaar-modes-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps the embedded database, the secret and every folder from other users, even under umask 000', async () => {
    const dataDir = path.join(root, 'data');
    // A folder an earlier version left open, with an open file in it.
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o777);
    writeFileSync(path.join(dataDir, 'left-open.txt'), 'x');
    chmodSync(path.join(dataDir, 'left-open.txt'), 0o666);

    const output = await runServerOnce(dataDir);
    expect(output).toContain('Bazaar is open');
    const files = readdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    expect(files.length).toBeGreaterThan(100);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
  }, 120_000);
});
