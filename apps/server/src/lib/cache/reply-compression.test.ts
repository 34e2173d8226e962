import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixtureCatalogue } from '../../../test/fixtures/products';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { acceptedEncoding } from './reply-cache';

describe('acceptedEncoding', () => {
  it('prefers Brotli, then gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });

  it('answers a header it has read before the same way (each header is read once)', () => {
    for (let round = 0; round < 2; round++) {
      expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
      expect(acceptedEncoding('identity')).toBeUndefined();
      expect(acceptedEncoding(`gzip, ${'x'.repeat(300)}`)).toBe('gzip');
    }
  });
});

describe('cached catalogue replies, compressed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertFixtureCatalogue(t.db);
  });
  afterAll(async () => t?.close());

  const get = (encoding?: string) =>
    t.app.inject({
      url: '/api/products?limit=24',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('sends the same JSON as Brotli or gzip when asked, and as it is otherwise', async () => {
    // The second round is answered by the route's onRequest hook (sendFresh), the first loads.
    for (const round of [1, 2]) {
      const plain = await get();
      expect(plain.headers['content-encoding'], `round ${round}`).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.headers.vary).toContain('accept-encoding');
      const br = await get('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      const gz = await get('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('compresses a cached reply once: a second hit sends the very same bytes', async () => {
    const first = await get('br');
    const second = await get('br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });
});
