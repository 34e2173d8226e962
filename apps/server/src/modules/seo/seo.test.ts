import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixtureCatalogue } from '../../../test/fixtures/products';
import { createTestApp, type TestApp } from '../../../test/helpers';

describe('robots.txt and the sitemap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://shop.example' });
  });
  afterAll(async () => t?.close());

  it('serves robots.txt as text, keeping crawlers out of private pages and naming the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Disallow: /profile');
    expect(res.body).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('lists the home page, every category depth and each live product', async () => {
    const [product] = await insertFixtureCatalogue(t.db);
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<loc>https://shop.example/</loc>');
    expect(res.body).toContain(`<loc>https://shop.example/product/${product!.id}</loc>`);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    expect(res.body).toContain('<loc>https://shop.example/categories/Electronics/Wearables/Watches</loc>');
  });

  it('answers 404 for a products sitemap page past the last one', async () => {
    expect((await t.app.inject('/sitemaps/products-1.xml')).statusCode).toBe(200);
    expect((await t.app.inject('/sitemaps/products-99.xml')).statusCode).toBe(404);
  });
});
