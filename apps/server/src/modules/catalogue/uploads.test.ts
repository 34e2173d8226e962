import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type S3Server, startS3Server } from '../../../test/s3-server';
import type { FileStorage } from '../../lib/storage';

// The same URLs, headers and variants whichever store holds the files: this machine's folder, or a
// real S3-compatible server's bucket.
describe.each(['folder', 'bucket'] as const)('GET /uploads/* from a %s', (store) => {
  let t: TestApp;
  let s3: S3Server | undefined;
  let storage: FileStorage | undefined;
  let original: Buffer;
  beforeAll(async () => {
    if (store === 'bucket') {
      s3 = await startS3Server();
      storage = s3.storage();
    }
    t = await createTestApp({}, storage ? { storage } : {});
    original = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    await t.deps.storage.put('products/red.png', original);
  });
  afterAll(async () => {
    await t?.close();
    await storage?.close();
    await s3?.close();
  });

  it('serves a stored image with a year-long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/products/red.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(original)).toBe(true);
  });

  it('serves a resized WebP variant and keeps it in the store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/products/red.png?w=320' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(213);
    const kept = await t.deps.storage.get('.variants/w320/products/red.png.webp');
    expect(kept?.equals(res.rawPayload)).toBe(true);
    const again = await t.app.inject({ method: 'GET', url: '/uploads/products/red.png?w=320' });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('rejects a width outside the allowed list, naming the parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/products/red.png?w=333' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['w']);
  });

  it('answers a missing file with a JSON 404', async () => {
    for (const url of ['/uploads/products/none.webp', '/uploads/products/none.webp?w=160']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Image not found', code: 'NOT_FOUND' });
    }
  });

  it('never leaves the uploads folder or shows hidden files', async () => {
    // A file beside the uploads folder that must stay out of reach.
    writeFileSync(path.join(t.dataDir, 'secret.png'), 'TOP-SECRET-CONTENT');
    for (const url of [
      '/uploads/../secret.png',
      '/uploads/products/../../secret.png',
      '/uploads/%2e%2e/secret.png',
      '/uploads/products/%2e%2e%2f%2e%2e%2fsecret.png',
      '/uploads/..%5csecret.png',
      '/uploads/.variants/w320/products/red.png.webp',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toContain('TOP-SECRET');
    }
  });
});
