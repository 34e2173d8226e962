import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3Server } from '../../test/s3-server';
import { MemoryCachedStorage } from './memory-cached-storage';
import type { FileStorage } from './storage';
import { variantKey } from './storage';

/** The real bucket, with the reads that reach it counted. */
function counted(store: FileStorage): FileStorage & { reads: number } {
  const counter = Object.create(store) as FileStorage & { reads: number };
  counter.reads = 0;
  counter.get = (key: string) => {
    counter.reads += 1;
    return store.get(key);
  };
  return counter;
}

describe('a bucket read through memory', () => {
  let s3: S3Server;
  let bucket: FileStorage;
  let time = 0;
  const options = { maxBytes: 1000, maxFileBytes: 400, ttlMs: 60_000, now: () => time };
  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = s3.storage();
  });
  afterAll(async () => {
    await bucket?.close();
    await s3?.close();
  });

  it('asks the bucket once a minute for a picture read over and over, and once for reads at the same moment', async () => {
    const store = counted(bucket);
    const cached = new MemoryCachedStorage(store, options);
    await bucket.put('products/a.webp', Buffer.from('a'.repeat(100)));
    const together = await Promise.all([1, 2, 3].map(() => cached.get('products/a.webp')));
    expect(together.map((b) => b?.length)).toEqual([100, 100, 100]);
    for (let i = 0; i < 5; i++) expect((await cached.get('products/a.webp'))?.length).toBe(100);
    expect(store.reads).toBe(1);
    time += 60_000;
    await cached.get('products/a.webp');
    expect(store.reads).toBe(2);
  });

  it('never keeps a miss: a picture another machine stores next is served at once', async () => {
    const cached = new MemoryCachedStorage(bucket, options);
    expect(await cached.get('products/later.webp')).toBeUndefined();
    await new MemoryCachedStorage(bucket, options).put('products/later.webp', Buffer.from('later'));
    expect((await cached.get('products/later.webp'))?.toString()).toBe('later');
  });

  it("drops a removed picture and its variants at once here, and on another machine when its copy's minute is up", async () => {
    const here = new MemoryCachedStorage(bucket, options);
    const there = new MemoryCachedStorage(bucket, options);
    const small = variantKey('products/gone.webp', 'w160');
    await here.put('products/gone.webp', Buffer.from('gone'));
    await here.put(small, Buffer.from('small'));
    expect((await there.get('products/gone.webp'))?.toString()).toBe('gone');
    await here.remove('products/gone.webp');
    expect(await here.get('products/gone.webp')).toBeUndefined();
    expect(await here.get(small)).toBeUndefined();
    // The other process's copy is answered until it expires (the bound on a removed picture's life).
    expect((await there.get('products/gone.webp'))?.toString()).toBe('gone');
    time += 60_000;
    expect(await there.get('products/gone.webp')).toBeUndefined();
  });

  it('keeps at most maxBytes, dropping the least recently read, and never a file over maxFileBytes', async () => {
    const store = counted(bucket);
    const cached = new MemoryCachedStorage(store, options);
    for (const name of ['p1', 'p2', 'p3', 'big']) {
      await bucket.put(`products/${name}.webp`, Buffer.alloc(name === 'big' ? 500 : 300, 1));
    }
    await cached.get('products/p1.webp');
    await cached.get('products/p2.webp');
    await cached.get('products/p1.webp');
    await cached.get('products/p3.webp'); // 900 bytes kept
    await cached.get('products/big.webp'); // too big to keep
    await cached.get('products/big.webp');
    expect(store.reads).toBe(5);
    await cached.get('products/p2.webp'); // still there: 300 + 300 + 300 ≤ 1000
    expect(store.reads).toBe(5);
    await bucket.put('products/p4.webp', Buffer.alloc(300, 1));
    await cached.get('products/p4.webp'); // pushes out p1, read least recently
    await cached.get('products/p1.webp');
    expect(store.reads).toBe(7);
  });
});
