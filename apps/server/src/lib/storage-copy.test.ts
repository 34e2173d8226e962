import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3Server } from '../../test/s3-server';
import { type FileStorage, LocalFileStorage, variantKey } from './storage';
import { copyFiles } from './storage-copy';

async function contents(storage: FileStorage): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const file of storage.list()) files[file.key] = (await storage.get(file.key))!.toString();
  return files;
}

describe('copyFiles: a folder of images into a bucket (storage:migrate) and back', () => {
  let s3: S3Server;
  let root: string;
  let folder: LocalFileStorage;
  let bucket: FileStorage;
  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = s3.storage({ prefix: 'shop' });
    root = mkdtempSync(path.join(tmpdir(), 'bazaar-copy-'));
    folder = new LocalFileStorage(path.join(root, 'uploads'));
    for (let i = 0; i < 30; i++) await folder.put(`products/p${i}.webp`, Buffer.from(`picture ${i}`));
    await folder.put('avatars/u1.webp', Buffer.from('face'));
    await folder.put(variantKey('products/p1.webp', 'w320'), Buffer.from('small p1'));
  });
  afterAll(async () => {
    await bucket?.close();
    await s3?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('copies every file, variants included, byte for byte', async () => {
    const report = await copyFiles(folder, bucket, { concurrency: 4 });
    expect(report).toMatchObject({ copied: 32, skipped: 0, failed: [] });
    expect(await contents(bucket)).toEqual(await contents(folder));
  });

  it('copies nothing twice: a rerun skips what the bucket holds', async () => {
    const report = await copyFiles(folder, bucket);
    expect(report).toMatchObject({ copied: 0, skipped: 32, failed: [] });
  });

  it('resumes: after an interrupted copy only what is missing or cut short is copied', async () => {
    await bucket.remove('products/p7.webp');
    await bucket.put('products/p8.webp', Buffer.from('pict'));
    await folder.put('products/new.webp', Buffer.from('uploaded meanwhile'));
    const copied: string[] = [];
    const report = await copyFiles(folder, bucket, {
      onFile: (key, o) => o === 'copied' && copied.push(key),
    });
    expect(copied.sort()).toEqual(['products/new.webp', 'products/p7.webp', 'products/p8.webp']);
    expect(report).toMatchObject({ copied: 3, skipped: 30, failed: [] });
    expect(await contents(bucket)).toEqual(await contents(folder));
  });

  it('reports a file it cannot write and copies the rest', async () => {
    const broken = s3.storage({ bucket: 'no-such-bucket' });
    const report = await copyFiles(folder, broken);
    expect(report.copied).toBe(0);
    expect(report.failed).toHaveLength(33);
    expect(report.failed[0]!.error).toMatch(/bucket/i);
    await broken.close();
  });

  it('copies the bucket back into an empty folder (a backup of the images)', async () => {
    const backup = new LocalFileStorage(path.join(root, 'backup'));
    const report = await copyFiles(bucket, backup);
    expect(report).toMatchObject({ copied: 33, failed: [] });
    expect(await contents(backup)).toEqual(await contents(folder));
  });
});
