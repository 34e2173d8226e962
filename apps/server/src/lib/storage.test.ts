import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3Server } from '../../test/s3-server';
import { IMAGE_VARIANT_TAGS } from '../modules/catalogue/index';
import { S3FileStorage } from './s3-storage';
import { type FileStorage, LocalFileStorage, variantKey } from './storage';

let s3: S3Server;
let folder: string;
beforeAll(async () => {
  s3 = await startS3Server();
  folder = mkdtempSync(path.join(tmpdir(), 'bazaar-storage-'));
});
afterAll(async () => {
  await s3?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function listed(storage: FileStorage): Promise<Record<string, number>> {
  const files: Record<string, number> = {};
  for await (const file of storage.list()) files[file.key] = file.size;
  return files;
}

// The same contract, held by the folder and by a real S3-compatible server.
describe.each([
  ['a folder', () => new LocalFileStorage(path.join(folder, 'uploads'))],
  ['an S3 bucket', () => s3.storage()],
  ['an S3 bucket under a prefix', () => s3.storage({ prefix: 'shop-a' })],
] as const)('file storage in %s', (_name, make) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });
  afterAll(async () => storage.close());

  it('keeps what is put under its key, and says so for a missing one', async () => {
    await storage.put('products/a.webp', Buffer.from('first'));
    await storage.put('products/a.webp', Buffer.from('second, longer'));
    expect((await storage.get('products/a.webp'))?.toString()).toBe('second, longer');
    expect(await storage.size('products/a.webp')).toBe(14);
    expect(await storage.get('products/none.webp')).toBeUndefined();
    expect(await storage.size('products/none.webp')).toBeUndefined();
  });

  it('removes a file with every variant made from it, and leaves the others', async () => {
    await storage.put('products/b.webp', Buffer.from('b'));
    await storage.put('profiles/c.webp', Buffer.from('c'));
    for (const tag of IMAGE_VARIANT_TAGS) {
      await storage.put(variantKey('products/b.webp', tag), Buffer.from(tag));
      await storage.put(variantKey('profiles/c.webp', tag), Buffer.from(tag));
    }
    await storage.remove('products/b.webp');
    expect(await storage.get('products/b.webp')).toBeUndefined();
    for (const tag of IMAGE_VARIANT_TAGS) {
      expect(await storage.get(variantKey('products/b.webp', tag)), tag).toBeUndefined();
      expect((await storage.get(variantKey('profiles/c.webp', tag)))?.toString(), tag).toBe(tag);
    }
    expect((await storage.get('profiles/c.webp'))?.toString()).toBe('c');
    // Removing what is not there is not an error.
    await storage.remove('products/never.webp');
  });

  it('lists every file with its size, variants included', async () => {
    await storage.put('logos/d.png', Buffer.from('dddd'));
    const files = await listed(storage);
    expect(files['logos/d.png']).toBe(4);
    expect(files['profiles/c.webp']).toBe(1);
    expect(files[variantKey('profiles/c.webp', 'w320')]).toBe(4);
    expect(files['products/b.webp']).toBeUndefined();
  });

  it('refuses a key that would leave the store', async () => {
    await expect(storage.put('../outside.webp', Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
  });
});

describe('an S3 bucket', () => {
  it('keeps each prefix to itself', async () => {
    const a = s3.storage({ prefix: 'shop-x/' });
    const b = s3.storage({ prefix: 'shop-y' });
    await a.put('products/same.webp', Buffer.from('x'));
    expect(await b.get('products/same.webp')).toBeUndefined();
    expect(Object.keys(await listed(b))).not.toContain('products/same.webp');
    await Promise.all([a.close(), b.close()]);
  });

  it('stores each image with its media type and a long cache lifetime', async () => {
    const storage = s3.storage();
    await storage.put('products/typed.webp', Buffer.from('x'));
    const res = await fetch(`${s3.endpoint}/${s3.bucket}/products/typed.webp`, { method: 'HEAD' });
    // s3rver answers an unsigned request too; what matters is what the object was stored with.
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await storage.close();
  });

  it('throws for a bucket that refuses the keys or does not exist, rather than calling a file missing', async () => {
    // s3rver checks the key id (it does not work out SigV4 signatures, which AWS's own tests cover).
    const wrongKeys = s3.storage({ credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'secret' } });
    await expect(wrongKeys.get('products/a.webp')).rejects.toThrow(/Access Key Id/i);
    await expect(wrongKeys.put('products/z.webp', Buffer.from('z'))).rejects.toThrow(/Access Key Id/i);
    const noBucket = s3.storage({ bucket: 'no-such-bucket' });
    await expect(noBucket.get('products/a.webp')).rejects.toThrow(/bucket does not exist/i);
    await Promise.all([wrongKeys.close(), noBucket.close()]);
  });

  it('throws when the store cannot be reached', async () => {
    const storage = new S3FileStorage({
      ...{ bucket: s3.bucket, region: 'us-east-1', forcePathStyle: true, prefix: '' },
      endpoint: 'http://127.0.0.1:9',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      variantTags: IMAGE_VARIANT_TAGS,
      requestTimeoutMs: 1000,
    });
    await expect(storage.get('products/a.webp')).rejects.toThrow();
    await storage.close();
  });
});
