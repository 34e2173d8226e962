import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts';
import { ManualClock } from '../../test/clock';
import { createTestApp, type TestApp } from '../../test/helpers';
import { multipartBody } from '../../test/multipart';
import { isCacheablePage } from './web-app';

/**
 * A renderer that keeps the contract of apps/web's (packages/shared/src/web-renderer.ts): it asks the
 * API for the shop's settings and a listing in-process, as the real pages' loaders do, and writes a
 * page that says what it found and how many pages this renderer has rendered.
 */
const RENDERER = `
export function createRenderer() {
  let renders = 0;
  return {
    async render(request) {
      globalThis.__renderRequestKeys = Object.keys(request).sort();
      if (request.url.startsWith('/search?')) return { kind: 'redirect', status: 302, location: '/search/x' };
      const settings = await (await request.fetchApi('/api/settings', {})).json();
      const listing = await (await request.fetchApi('/api/products?limit=1', {})).json();
      renders += 1;
      const html = '<!doctype html><title>' + settings.name + '</title><p>' + listing.total +
        ' products, render ' + renders + ' of ' + request.url + '</p>' + 'x'.repeat(2000);
      return {
        kind: 'page',
        status: request.url.startsWith('/nope') ? 404 : 200,
        pipe(destination) { destination.end(html); return destination; },
        abort() {},
      };
    },
  };
}
`;

describe('rendered pages: counted per address, and kept like catalogue replies', () => {
  const clock = new ManualClock('2026-04-01T08:00:00.000Z');
  let root: string;
  let webDist: string;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'bazaar-web-app-'));
    webDist = path.join(root, 'dist');
    mkdirSync(path.join(webDist, '.vite'), { recursive: true });
    mkdirSync(path.join(webDist, 'assets'));
    mkdirSync(path.join(root, 'dist-ssr'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(webDist, '.vite', 'manifest.json'), '{}');
    writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
    a = await createTestApp({ webDist, rateLimitMax: 50 }, { clock });
    b = await createTestApp({ webDist, rateLimitMax: 50 }, { clock, sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = (t: TestApp, url: string, from = '203.0.113.1', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': from, ...headers } });
  const text = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
    const encoding = res.headers['content-encoding'];
    if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
    if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
    return res.rawPayload.toString();
  };

  it('renders a URL once while it is fresh, and gives every visitor the same bytes in any encoding', async () => {
    const first = await page(a, '/search/shirt', '203.0.113.1', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['content-encoding']).toBe('br');
    expect(text(first)).toContain('render 1 of /search/shirt');
    // Another visitor, signed in or not, with other cookies and encodings: the same page, not rendered again.
    const visitors: Record<string, string>[] = [
      { 'accept-encoding': 'gzip', cookie: 'bazaar_device=abc.def', authorization: 'Bearer x' },
      { 'accept-encoding': 'identity', 'user-agent': 'another browser' },
      { 'accept-encoding': 'br', 'accept-language': 'hi-IN' },
    ];
    for (const headers of visitors) {
      const again = await page(a, '/search/shirt', '203.0.113.2', headers);
      expect(again.statusCode).toBe(200);
      expect(text(again)).toBe(text(first));
      expect(again.headers['set-cookie']).toBeUndefined();
    }
    expect(globalThis.__renderRequestKeys).toEqual(['fetchApi', 'url']);
    // The page's policy carries no nonce: a whole page has no inline script.
    expect(first.headers['content-security-policy']).toContain("script-src 'self';");
    // A missing page keeps its 404; a redirect is kept as one.
    const missing = await page(a, '/nope/1');
    expect([missing.statusCode, text(await page(a, '/nope/1'))]).toEqual([404, text(missing)]);
    const redirect = await page(a, '/search?q=x');
    expect([redirect.statusCode, redirect.headers.location]).toEqual([302, '/search/x']);
    // Once its time is up, the next visitor is answered at once and the page is rendered afresh.
    clock.advance(6_100);
    expect(text(await page(a, '/search/shirt'))).toContain('render 1 of');
    await expect.poll(async () => text(await page(a, '/search/shirt'))).not.toContain('render 1 of');
  });

  it('drops every kept page when the catalogue or the settings change, on any process', async () => {
    const before = text(await page(a, '/products'));
    expect(text(await page(a, '/products'))).toBe(before);
    await b.services.catalogue.invalidate();
    await expect.poll(async () => text(await page(a, '/products'))).not.toBe(before);

    const admin = await signUp(b, 'admin@example.com', { admin: true });
    const form = await multipartBody({ name: 'Kirana Corner' });
    const renamed = await b.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { ...admin.auth, ...form.headers },
      payload: form.payload,
    });
    expect(renamed.statusCode).toBe(200);
    await expect.poll(async () => text(await page(a, '/products'))).toContain('<title>Kirana Corner</title>');
    // The process that made the change drops its pages at once.
    expect(text(await page(b, '/products'))).toContain('<title>Kirana Corner</title>');
  });

  it('never keeps a page whose address carries a secret', async () => {
    expect(isCacheablePage('/reset-password/abc')).toBe(false);
    expect(isCacheablePage('/Reset-Password/abc')).toBe(false);
    expect(isCacheablePage('/newsletter/unsubscribe?token=abc')).toBe(false);
    expect(isCacheablePage(`/search/${'x'.repeat(600)}`)).toBe(false);
    expect(isCacheablePage('/product/123')).toBe(true);
    const one = text(await page(a, '/reset-password/abc'));
    const two = text(await page(a, '/reset-password/abc'));
    expect(one).not.toBe(two);
  });

  it('counts every page asked for against the address, cached or not, and leaves built files alone', async () => {
    const from = '198.51.100.77';
    const statuses = [];
    for (let i = 0; i < 52; i++) statuses.push((await page(a, `/search/term-${i % 3}`, from)).statusCode);
    expect(statuses.slice(0, 50)).toEqual(Array(50).fill(200));
    expect(statuses.slice(50)).toEqual([429, 429]);
    // The limit is the address's, across the API and pages.
    expect((await page(a, '/api/health', from)).statusCode).toBe(429);
    expect((await page(a, '/assets/app-1234.js', from)).statusCode).toBe(200);
    expect((await page(a, '/search/term-0', '198.51.100.78')).statusCode).toBe(200);
  });
});

declare global {
  var __renderRequestKeys: string[] | undefined;
}
