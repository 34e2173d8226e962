import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';

const baseUrl = inject('baseUrl');

describe('the built shop', () => {
  it('serves the seeded products from GET /api/products', async () => {
    const res = await fetch(`${baseUrl}/api/products`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { total: number; products: { _id: string }[] };
    expect(body.total).toBeGreaterThanOrEqual(80);
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products[0]).toHaveProperty('_id');
  });

  it('answers unknown API paths with JSON 404, pages with the app rendered, and unknown pages with 404', async () => {
    const api = await fetch(`${baseUrl}/api/does-not-exist`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
    const page = await fetch(`${baseUrl}/categories/electronics`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root">');
    const unknown = await fetch(`${baseUrl}/categories/anything/at/all`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<div id="root">');
  });

  it('caches hashed assets for a year', async () => {
    const html = await (await fetch(baseUrl)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const res = await fetch(`${baseUrl}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('max-age=31536000');
  });
});

describeInBrowser('in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('renders the home page with the banner and an unknown route with the not-found page', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/');
    await expect
      .poll(() => page.getByText('Summer Sale For All Swim Suits And Free Express Delivery-OFF 50%').count())
      .toBeGreaterThan(0);
    await page.goto('/no-such-page');
    await page.getByText('Your Visited page not found. You may go to homepage').waitFor();
    await page.getByRole('link', { name: 'Back to home page' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.context().close();
  });
});
