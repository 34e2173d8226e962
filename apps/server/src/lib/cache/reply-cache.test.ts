import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CanonicalKeys, canonicalKey, ReplyCache } from './reply-cache';

describe('canonicalKey', () => {
  it('gives every spelling of one parsed query the same key', () => {
    expect(canonicalKey({ page: 1, brand: ['Orbit', 'Acme'], search: undefined })).toBe(
      canonicalKey({ brand: ['Acme', 'Orbit', 'Acme'], page: 1 }),
    );
  });

  it('tells different queries apart', () => {
    expect(canonicalKey({ page: 1 })).not.toBe(canonicalKey({ page: 2 }));
    expect(canonicalKey({ brand: ['Acme'] })).not.toBe(canonicalKey({ material: ['Acme'] }));
    expect(canonicalKey('shirt')).not.toBe(canonicalKey('shirts'));
    expect(canonicalKey({ brand: ['a,b'] })).not.toBe(canonicalKey({ brand: ['a', 'b'] }));
    expect(canonicalKey({ brand: 'a' })).not.toBe(canonicalKey({ brand: ['a'] }));
    expect(canonicalKey({ a: '1' })).not.toBe(canonicalKey({ a: 1 }));
  });

  it('is JSON', () => {
    const key = canonicalKey({ z: [3, 1, 3], a: { y: 'x"y', b: null }, n: undefined });
    expect(JSON.parse(key)).toEqual({ a: { b: null, y: 'x"y' }, z: [1, 3] });
  });
});

describe('CanonicalKeys', () => {
  it("gives each URL its query's canonical key, remembered or not", () => {
    const keys = new CanonicalKeys(2, 40);
    const urls = ['/p?page=1', '/p?page=2', '/p?page=3', `/p?search=${'x'.repeat(50)}`, '/p?page=1'];
    for (const round of [1, 2]) {
      for (const url of urls) {
        const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
        expect(keys.of(url, query), `${url}, round ${round}`).toBe(canonicalKey(query));
      }
    }
  });
});

describe('ReplyCache.sendText', () => {
  const schema = z.object({ n: z.number(), names: z.array(z.string()) });

  async function reply(json: string, checkText: boolean) {
    const app = Fastify();
    const cache = new ReplyCache({ ttlMs: 0, maxEntries: 10, log: app.log, checkText });
    app.get('/', (_request, res) => cache.sendText(res, 'key', schema, async () => ({ json })));
    const res = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    return res;
  }

  it('sends the text as it is when it is what the schema makes of it', async () => {
    const json = '{"n":1,"names":["a"]}';
    for (const checkText of [true, false]) {
      const res = await reply(json, checkText);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(json);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  it('refuses, when checking, text with a field missing, extra or of another type', async () => {
    for (const json of ['{"n":1}', '{"n":1,"names":[],"extra":true}', '{"n":"1","names":[]}']) {
      expect((await reply(json, true)).statusCode).toBe(500);
      // Unchecked (production), the database's text is trusted.
      expect((await reply(json, false)).body).toBe(json);
    }
  });
});
