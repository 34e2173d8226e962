import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../test/server-process';
import {
  DataDirInUseError,
  FOREIGN_STALE_MS,
  holderIsAlive,
  type LockHolder,
  lockDataDir,
  type MachineFacts,
} from './data-dir-lock';

const root = mkdtempSync(path.join(tmpdir(), 'bazaar-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const NOW = Date.parse('2026-11-20T10:00:00Z');
const holder: LockHolder = {
  pid: 4242,
  host: 'shop-1',
  since: NOW - 60 * 60_000,
  processStart: '900',
  bootId: 'boot-1',
  command: 'node scripts/start.mjs',
  token: 't',
};
const machine: MachineFacts = {
  host: 'shop-1',
  pid: 7,
  now: NOW,
  bootId: 'boot-1',
  running: (pid) => pid === 4242,
  processStart: (pid) => (pid === 4242 ? '900' : undefined),
};

describe('whether a lock holder may still run', () => {
  it('is alive while its process runs, started when the lock says', () => {
    expect(holderIsAlive(holder, 0, machine)).toBe(true);
  });

  it('is gone once its process is (killed, crashed)', () => {
    expect(holderIsAlive(holder, NOW, { ...machine, running: () => false })).toBe(false);
  });

  it('is gone when its pid now belongs to a process started later (pid reuse)', () => {
    expect(holderIsAlive(holder, NOW, { ...machine, processStart: () => '123456' })).toBe(false);
  });

  it('is alive when the system cannot say when a running pid started (macOS, Windows)', () => {
    expect(holderIsAlive(holder, 0, { ...machine, processStart: () => undefined })).toBe(true);
  });

  it('is gone when the machine restarted since (Linux), whatever runs with its pid now', () => {
    expect(holderIsAlive(holder, NOW, { ...machine, bootId: 'boot-2' })).toBe(false);
  });

  it('is gone when it names this very process (a container is pid 1 on every start)', () => {
    expect(holderIsAlive(holder, NOW, { ...machine, pid: 4242 })).toBe(false);
  });

  it('on another machine, is alive while it touches the lock, gone a minute after it stopped', () => {
    const elsewhere = { ...machine, host: 'shop-2' };
    expect(holderIsAlive(holder, NOW - 20_000, elsewhere)).toBe(true);
    expect(holderIsAlive(holder, NOW - FOREIGN_STALE_MS - 1, elsewhere)).toBe(false);
  });
});

describe('lockDataDir', () => {
  it('refuses a second lock in the same process, and lets it go on release', async () => {
    const dataDir = path.join(root, 'same-process');
    const lock = await lockDataDir(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUseError);
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    (await lockDataDir(dataDir)).release();
  });

  it('takes over the lock of a process that no longer runs, and of an unreadable lock file', async () => {
    const dataDir = path.join(root, 'stale');
    const first = await lockDataDir(dataDir);
    const stale = {
      ...(JSON.parse(readFileSync(first.file, 'utf8')) as LockHolder),
      pid: 2 ** 22 + 1,
      token: 'x',
    };
    first.release();
    writeFileSync(path.join(dataDir, 'bazaar.lock'), JSON.stringify(stale));
    const second = await lockDataDir(dataDir);
    expect((JSON.parse(readFileSync(second.file, 'utf8')) as LockHolder).pid).toBe(process.pid);
    second.release();

    writeFileSync(path.join(dataDir, 'bazaar.lock'), '{"pid":');
    (await lockDataDir(dataDir)).release();
  });

  it('of several processes finding one stale lock at once, exactly one takes it over', async () => {
    const dataDir = path.join(root, 'race');
    const own = await lockDataDir(dataDir);
    const dead: LockHolder = { ...holder, host: hostname(), pid: 2 ** 22 + 1, since: Date.now() };
    writeFileSync(own.file, JSON.stringify(dead));
    own.release();
    const contenders = Array.from({ length: 4 }, () => takeLockInProcess(dataDir));
    // The winner holds the lock until every contender has had its answer.
    const outcomes = await Promise.all(contenders.map((c) => c.outcome));
    for (const c of contenders) c.done();
    expect(outcomes.sort()).toEqual(['refused', 'refused', 'refused', 'taken']);
  }, 60_000);
});

/** Runs test/take-data-dir-lock.ts in its own process: its answer, 'taken' or 'refused'; done() lets it go. */
function takeLockInProcess(dataDir: string): { outcome: Promise<string>; done(): void } {
  const script = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../test/take-data-dir-lock.ts',
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir, '1500'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const outcome = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      stdout += d;
      if (stdout.includes('\n')) resolve(stdout.trim());
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(stdout.trim()) : reject(new Error(`exit ${code}: ${stderr}`)),
    );
  });
  return { outcome, done: () => child.stdin.end() };
}

describe('one server process per embedded DATA_DIR (real processes)', () => {
  const started: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
  });

  it('refuses a second process naming the first, takes over from a killed one, and keeps its writes', async () => {
    const dataDir = path.join(root, 'shop');
    const lockFile = path.join(dataDir, 'bazaar.lock');
    const first = await startServerProcess({ DATA_DIR: dataDir });
    started.push(first);
    const firstPid = (JSON.parse(readFileSync(lockFile, 'utf8')) as LockHolder).pid;

    const account = {
      name: 'Asha Rao',
      email: 'asha@example.com',
      password: 'sunrise42',
      phoneNumber: '9876543210',
    };
    const registered = await fetch(`${first.baseUrl}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(registered.status).toBe(201);

    await expect(startServerProcess({ DATA_DIR: dataDir })).rejects.toThrow(
      `is in use by another Bazaar process: pid ${firstPid} on this machine`,
    );

    process.kill(firstPid, 'SIGKILL');
    while (isRunning(firstPid)) await delay(20);
    expect(existsSync(lockFile)).toBe(true);

    const second = await startServerProcess({ DATA_DIR: dataDir });
    started.push(second);
    const secondPid = (JSON.parse(readFileSync(lockFile, 'utf8')) as LockHolder).pid;
    expect(secondPid).not.toBe(firstPid);
    const login = await fetch(`${second.baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(login.status).toBe(200);

    await second.stop();
    expect(existsSync(lockFile)).toBe(false);
  }, 180_000);
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
