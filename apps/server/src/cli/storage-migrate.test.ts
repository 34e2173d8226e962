import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3Server } from '../../test/s3-server';
import { LocalFileStorage, variantKey } from '../lib/storage';
import { parseMigrateArgs, UsageError } from './storage-migrate';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `npm run storage:migrate` as an operator runs it: its own process, configured by the environment. */
function migrate(env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/storage-migrate.ts', ...args], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run storage:migrate', () => {
  let s3: S3Server;
  let dataDir: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-migrate-'));
    const uploads = new LocalFileStorage(path.join(dataDir, 'uploads'));
    await uploads.put('products/a.webp', Buffer.from('a'));
    await uploads.put('avatars/b.webp', Buffer.from('bb'));
    await uploads.put(variantKey('products/a.webp', 'w160'), Buffer.from('small'));
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('moves DATA_DIR/uploads into the bucket, then finds nothing left to copy', async () => {
    const env = { DATA_DIR: dataDir, ...s3.env() };
    const first = await migrate(env);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain(`${path.join(dataDir, 'uploads')} → s3://${s3.bucket}: 3 copied`);
    const bucket = s3.storage();
    expect((await bucket.get('avatars/b.webp'))?.toString()).toBe('bb');
    expect((await bucket.get(variantKey('products/a.webp', 'w160')))?.toString()).toBe('small');
    await bucket.close();

    const again = await migrate(env);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('0 copied (0.0 MB), 3 already there, 0 failed');
  });

  it('copies the bucket into a folder with --to', async () => {
    const backup = path.join(dataDir, 'backup');
    const res = await migrate({ DATA_DIR: dataDir, ...s3.env() }, ['--to', backup]);
    expect(res.code, res.output).toBe(0);
    expect((await new LocalFileStorage(backup).get('products/a.webp'))?.toString()).toBe('a');
  });

  it('says what is missing without a bucket, and exits 2', async () => {
    const res = await migrate({ DATA_DIR: dataDir });
    expect(res.code).toBe(2);
    expect(res.output).toContain('S3_BUCKET is not set');
  });

  it('takes one direction at a time', () => {
    expect(parseMigrateArgs([])).toEqual({ direction: 'to-bucket', folder: undefined });
    expect(parseMigrateArgs(['--from', '/x'])).toEqual({ direction: 'to-bucket', folder: '/x' });
    expect(parseMigrateArgs(['--to', '/y'])).toEqual({ direction: 'to-folder', folder: '/y' });
    expect(() => parseMigrateArgs(['--from', '/x', '--to', '/y'])).toThrow(UsageError);
    expect(() => parseMigrateArgs(['--delete'])).toThrow(UsageError);
  });
});
