import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../src/modules/users/users.repo';
import { insertCategories } from './fixtures/products';
import { createTestApp, type TestApp } from './helpers';
import { type S3Server, startS3Server } from './s3-server';
import { type ServerProcess, startServerProcess } from './server-process';
import { ShopClient } from './shop-client';

// The README's backup and restore of a shop on PostgreSQL with its images in a bucket, run as it
// says: pg_dump, storage:migrate --to a folder; then, into an empty database and an empty bucket,
// pg_restore and storage:migrate --from that folder. The restored shop has its products, their
// pictures and its sessions (the secret travels in the dump).
const run = promisify(execFile);
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const admin = process.env.TEST_DATABASE_URL;

async function hasPgTools(): Promise<boolean> {
  try {
    await run('pg_dump', ['--version']);
    await run('pg_restore', ['--version']);
    return true;
  } catch {
    return false;
  }
}
const ready = Boolean(admin) && (await hasPgTools());
const skipped = ready ? '' : ' (skipped: needs TEST_DATABASE_URL, pg_dump and pg_restore)';

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `npm run storage:migrate -- …` with the shop's environment. */
function storageMigrate(env: Record<string, string>, args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'src/cli/storage-migrate.ts', ...args], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
  });
}

describe.skipIf(!ready)(`backup and restore on PostgreSQL with a bucket${skipped}`, () => {
  let s3: S3Server;
  let live: TestApp;
  let folder: string;
  const restoredDb = `bazaar_restored_${process.pid}_${Date.now()}`;
  let restoredUrl: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    s3 = await startS3Server();
    live = await createTestApp();
    folder = mkdtempSync(path.join(tmpdir(), 'bazaar-backup-'));
    const url = new URL(admin!);
    url.pathname = `/${restoredDb}`;
    restoredUrl = url.toString();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await onServer(`drop database if exists ${restoredDb} with (force)`).catch(() => {});
    await live?.close();
    await s3?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('brings back the products, their pictures and the sessions', async () => {
    if (live.deps.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const liveUrl = live.deps.database.url;
    const shopEnv = { DATABASE_URL: liveUrl, ...s3.env('live') };
    const before = await startServerProcess(shopEnv);
    servers.push(before);
    const shop = new ShopClient(before.baseUrl);
    const owner = await shop.register('owner.backup@example.com');
    await updateUser(live.db, owner.id, { isAdmin: true });
    await insertCategories(live.db, [['Electronics']]);
    const product = await shop.createProduct(owner.token, 'Backed Up Lamp');

    // The backup, as the README takes it: the database first, then the images.
    const dump = path.join(folder, 'bazaar.dump');
    await run('pg_dump', ['--format=custom', `--file=${dump}`, liveUrl]);
    const uploads = path.join(folder, 'uploads');
    const copied = await storageMigrate(shopEnv, ['--to', uploads]);
    expect(copied.stdout).toMatch(/[1-9]\d* copied/);
    await before.stop();

    // Everything lost: an empty database and an empty bucket (another prefix of the same server).
    await onServer(`create database ${restoredDb}`);
    const restoredEnv = { DATABASE_URL: restoredUrl, ...s3.env('restored') };
    await run('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dump]);
    await storageMigrate(restoredEnv, ['--from', uploads]);

    const after = await startServerProcess(restoredEnv);
    servers.push(after);
    const restored = new ShopClient(after.baseUrl);
    expect((await restored.me(owner.token)).status).toBe(200);
    expect((await restored.product(product._id)).name).toBe('Backed Up Lamp');
    expect(await restored.image(product.productImage!)).toMatchObject({ status: 200, type: 'image/webp' });
    expect((await restored.image(`${product.productImage}?w=320`)).status).toBe(200);
  });
});
