import { SESSION_CHECK_INTERVAL_MS } from '@bazaar/shared/constants';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';
import { accessibilityProblems, hydrated, toast } from './journey';

const baseUrl = inject('baseUrl');
const NOT_FOUND_TEXT = 'Your Visited page not found. You may go to homepage';

interface ApiProduct {
  _id: string;
  name: string;
  salePrice: number;
  category: string;
  subCategory: string | null;
}

/** A well-rated product with at least two in stock (so its quantity can go up). */
async function topProduct(): Promise<ApiProduct> {
  const list = (await (await fetch(`${baseUrl}/api/products?limit=24&sort=rating&inStock=true`)).json()) as {
    products: (ApiProduct & { countInStock: number })[];
  };
  return list.products.find((p) => p.countInStock >= 2)!;
}

/** Text as React writes it into HTML. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/</g, '&lt;');
/** Text as the sitemap writes it into XML. */
const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&apos;');

const inr = (rupees: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(rupees);

/** The JSON-LD blocks of an HTML document, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

describe('the storefront as served', () => {
  it("renders a product page's name, price, JSON-LD and meta tags into its HTML", async () => {
    const product = await topProduct();
    const res = await fetch(`${baseUrl}/product/${product._id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const page = await res.text();
    expect(page).toContain(`<h1 class="text-2xl font-semibold md:text-3xl">${html(product.name)}</h1>`);
    expect(page).toContain(inr(product.salePrice));
    expect(page).toContain(`<title>${html(product.name)} | Bazaar</title>`);
    expect(page).toContain(`<link rel="canonical" href="${baseUrl}/product/${product._id}"/>`);
    expect(page).toContain('<meta property="og:type" content="product"/>');
    expect(page).toMatch(/<meta name="description" content="[^"]+"\/>/);
    const [ld] = jsonLd(page);
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: product.name,
      offers: { '@type': 'Offer', priceCurrency: 'INR', price: product.salePrice.toFixed(2) },
    });
    expect((ld!.offers as { availability: string }).availability).toMatch(
      /^https:\/\/schema\.org\/(In|OutOf)Stock$/,
    );
  });

  it('renders listings and the home page with their products, and names a category as the shop spells it', async () => {
    const product = await topProduct();
    const home = await (await fetch(baseUrl)).text();
    expect(home).toContain('Flash Sales');
    expect(home).toMatch(/<article[^>]+aria-label="[^"]+"/);
    const listing = await fetch(
      `${baseUrl}/categories/${encodeURIComponent(product.category.toLowerCase())}`,
    );
    expect(listing.status).toBe(200);
    const page = await listing.text();
    expect(page).toContain(
      `<h1 id="listing-heading" class="text-2xl font-semibold md:text-3xl">${html(product.category)}</h1>`,
    );
    expect(page).toMatch(/\d+ products found/);
    expect(page).toContain(
      `<link rel="canonical" href="${html(`${baseUrl}/categories/${encodeURIComponent(product.category)}`)}"/>`,
    );
  });

  it("says on every page, in the HTML the server sends, that the demo's payments are simulated", async () => {
    // The shop runs as `npm start` runs it: the embedded demo, whose payments go through the sandbox.
    const product = await topProduct();
    for (const path of ['/', `/product/${product._id}`, '/cart', '/contact', '/no-such-page']) {
      const page = await (await fetch(`${baseUrl}${path}`)).text();
      expect(page, path).toContain('Demo shop — payments are simulated.');
    }
    const settings = (await (await fetch(`${baseUrl}/api/settings`)).json()) as {
      paymentsSimulated: boolean;
    };
    expect(settings.paymentsSimulated).toBe(true);
  });

  it('answers unknown addresses, missing products and unknown categories with 404 and the not-found page', async () => {
    for (const path of [
      '/no-such-page',
      '/categories/no-such-category',
      '/product/00000000-0000-0000-0000-000000000000',
    ]) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(404);
      const page = await res.text();
      expect(page).toContain('<meta name="robots" content="noindex"/>');
      if (!path.startsWith('/product/')) expect(page).toContain(NOT_FOUND_TEXT);
      else expect(page).toContain('Product not found');
    }
  });

  it('serves robots.txt as text and a sitemap listing the categories and products', async () => {
    const robots = await fetch(`${baseUrl}/robots.txt`);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    const text = await robots.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);

    const product = await topProduct();
    const sitemap = await fetch(`${baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const listed = await sitemap.text();
    expect(listed).toContain(`<loc>${baseUrl}/product/${product._id}</loc>`);
    expect(listed).toContain(
      `<loc>${xml(`${baseUrl}/categories/${encodeURIComponent(product.category)}`)}</loc>`,
    );
  });

  it('sends pages, scripts, styles and API JSON compressed when the browser accepts it', async () => {
    const page = await fetch(baseUrl, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    const document = await page.text();
    const script = document.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    const style = document.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
    expect(script).toBeDefined();
    expect(style).toBeDefined();
    for (const [path, encoding] of [
      [script!, 'br'],
      [script!, 'gzip'],
      [style!, 'br'],
      ['/api/products', 'br'],
      ['/api/products?limit=30', 'gzip'],
    ] as const) {
      const res = await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': encoding } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-encoding'), `${path} as ${encoding}`).toBe(encoding);
      expect(res.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    }
    const plain = await fetch(`${baseUrl}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});

/** Console errors and uncaught exceptions while `work` runs (a 404 page's own status is not one). */
async function errorsDuring(page: Page, work: () => Promise<void>): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('status of 404')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await work();
  return errors;
}

const shown = await topProduct();
/** Every storefront page there is on main, one of each kind. */
const STOREFRONT_PAGES = [
  '/',
  '/products',
  `/categories/${encodeURIComponent(shown.category)}`,
  `/product/${shown._id}`,
  '/search/shirt',
  '/search/no%20such%20thing',
  '/login',
  '/register',
  '/forgot-password',
  '/cart',
  '/wishlist',
  '/contact',
  '/about',
  '/faq',
  '/help',
  '/privacy-policy',
  '/track-order',
  '/newsletter/unsubscribe',
  '/no-such-page',
];

describeInBrowser('the storefront in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('shows a product page with JavaScript off: the server sent it whole', async () => {
    const product = await topProduct();
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByText(inr(product.salePrice)).first().waitFor();
    await page.getByRole('heading', { name: 'Specifications' }).waitFor();
    await page.goto('/products');
    expect(await page.getByRole('list', { name: 'Products' }).getByRole('article').count()).toBeGreaterThan(
      0,
    );
    await context.close();
  });

  for (const path of STOREFRONT_PAGES) {
    it(`hydrates ${path} without a console error, and it passes axe (WCAG 2.1 AA)`, async () => {
      const page = await newPage(browser, baseUrl);
      const errors = await errorsDuring(page, async () => {
        await page.goto(path, { waitUntil: 'networkidle' });
        await hydrated(page);
      });
      expect(errors).toEqual([]);
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.context().close();
    });
  }

  it('keeps the demo notice where the server drew it: the header does not move when the page hydrates', async () => {
    const still = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const served = await still.newPage();
    await served.goto('/');
    const notice = served.getByRole('note').filter({ hasText: 'Demo shop — payments are simulated' });
    const before = {
      notice: await notice.boundingBox(),
      header: await served.locator('header').boundingBox(),
    };
    await still.close();
    const page = await newPage(browser, baseUrl);
    await page.goto('/');
    await hydrated(page);
    const after = page.getByRole('note').filter({ hasText: 'Demo shop — payments are simulated' });
    expect({ notice: await after.boundingBox(), header: await page.locator('header').boundingBox() }).toEqual(
      before,
    );
    expect(before.notice?.height).toBeGreaterThan(0);
    await page.context().close();
  });

  it('searches from the header without JavaScript: the server redirects the form to the results', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('  smart watch ');
    await box.press('Enter');
    await page.waitForURL(`${baseUrl}/search/smart%20watch`);
    await page.getByRole('heading', { level: 1, name: 'Search Items' }).waitFor();
    expect(await box.inputValue()).toBe('smart watch');
    await context.close();
  });

  it('runs the page it rendered: the product page answers a click once hydrated', async () => {
    const product = await topProduct();
    const page = await newPage(browser, baseUrl);
    await page.goto(`/product/${product._id}`);
    await hydrated(page);
    const shown = page.getByRole('group', { name: 'Quantity' }).locator('output');
    expect(await shown.textContent()).toBe('1');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => shown.textContent()).toBe('2');
    await page.context().close();
  });

  it('asks for a new price range once, after the thumb settles', async () => {
    const product = await topProduct();
    const page = await newPage(browser, baseUrl);
    await page.goto(`/categories/${encodeURIComponent(product.category)}`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/products?')) asked.push(request.url());
    });
    const maxThumb = page.getByRole('slider', { name: 'Maximum price' });
    await maxThumb.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => new URL(page.url()).searchParams.get('maxPrice')).not.toBeNull();
    // The request, not the idle network, is the condition: the network can be idle before it starts.
    await expect.poll(() => asked.length, { timeout: 8000 }).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]!).searchParams.get('maxPrice')).toBe(
      new URL(page.url()).searchParams.get('maxPrice'),
    );
    await page.context().close();
  });

  it('keeps both brands ticked in quick succession', async () => {
    const product = await topProduct();
    const page = await newPage(browser, baseUrl);
    await page.goto(`/categories/${encodeURIComponent(product.category)}`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const boxes = page.getByRole('group', { name: 'Brand' }).getByRole('checkbox');
    expect(await boxes.count()).toBeGreaterThanOrEqual(2);
    // No wait between the two: the second tick must not undo the first.
    await boxes.nth(0).click({ noWaitAfter: true });
    await boxes.nth(1).click({ noWaitAfter: true });
    await expect.poll(() => new URL(page.url()).searchParams.getAll('brand').length).toBe(2);
    await expect.poll(() => boxes.nth(0).isChecked()).toBe(true);
    await expect.poll(() => boxes.nth(1).isChecked()).toBe(true);
    await page.context().close();
  });

  it('logs out from the profile page as a logout: to /login, never as an expired session', async () => {
    const login = await fetch(`${baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@bazaar.local', password: 'Customer@12345' }),
    });
    const { token } = (await login.json()) as { token: string };
    const page = await newPage(browser, baseUrl);
    // The page's timers run on Playwright's clock, so the session's once-a-second check is run below
    // instead of waited for.
    await page.clock.install();
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.goto('/profile');
    await hydrated(page);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await toast(page, 'Logged out successfully');
    await page.waitForURL(`${baseUrl}/login`);
    // The guard must not follow with its own message, nor send the shopper back to /profile later:
    // the session check runs (twice), then the login form answers typing, so whatever those ticks set
    // off has rendered before the page is looked at.
    await page.clock.runFor(2 * SESSION_CHECK_INTERVAL_MS);
    const email = page.locator('main').getByLabel('Email', { exact: true });
    await email.fill('customer@bazaar.local');
    await expect.poll(() => email.inputValue()).toBe('customer@bazaar.local');
    expect(await page.getByRole('alert').filter({ hasText: 'Session expired' }).count()).toBe(0);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login');
    await page.context().close();
  });

  it('lets the signed-in avatar take the place of the log-in icon without moving the header', async () => {
    const login = await fetch(`${baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@bazaar.local', password: 'Customer@12345' }),
    });
    const { token } = (await login.json()) as { token: string };
    const page = await newPage(browser, baseUrl);
    await page.goto('/');
    const guest = await page.locator('header').boundingBox();
    const guestNav = await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .boundingBox();
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.reload();
    await page.getByRole('button', { name: /^Account menu/ }).waitFor();
    expect(await page.locator('header').boundingBox()).toEqual(guest);
    expect(
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).boundingBox(),
    ).toEqual(guestNav);
    await page.context().close();
  });
});
