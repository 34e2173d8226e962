import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';

const baseUrl = inject('baseUrl');

/** '₹1,874.25' → 1874.25 */
const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** The sale prices shown on the listing's cards, in screen order. */
async function shownPrices(page: Page): Promise<number[]> {
  const texts = await page
    .getByRole('list', { name: 'Products' })
    .locator('[data-price-current]')
    .allTextContents();
  return texts.map(rupees);
}

describeInBrowser('a shopper browsing the catalogue', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('goes from the category flyout to a narrowed, sorted listing, a product and a search', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/');

    // Home: the category panel, rows and promises are there.
    const categories = page.getByRole('navigation', { name: 'Categories' });
    await categories.getByRole('link', { name: "Woman's Fashion" }).waitFor();
    await page.getByRole('heading', { name: 'Flash Sales' }).waitFor();
    await page.getByRole('heading', { name: 'Best Selling Products' }).waitFor();
    await page.getByText('Free delivery for all orders over ₹140').waitFor();
    await expect.poll(() => page.getByRole('timer').count()).toBe(1);

    // Hovering a category opens its flyout; an option expands its suboptions.
    await categories.getByRole('link', { name: "Woman's Fashion" }).hover();
    await categories.getByRole('link', { name: 'Clothing' }).waitFor();
    await categories.getByRole('button', { name: 'Show Dresses types' }).click();
    await categories.getByRole('link', { name: 'Maxi Dresses' }).click();
    await page.waitForURL(`${baseUrl}/categories/Woman's%20Fashion/Clothing/Dresses/Maxi%20Dresses`);
    await page.getByRole('heading', { level: 1, name: 'Maxi Dresses' }).waitFor();
    await page.getByRole('article', { name: 'Floral Maxi Dress' }).waitFor();
    expect(await page.title()).toContain('Maxi Dresses');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link').allTextContents()).toEqual([
      'Home',
      "Woman's Fashion",
      'Clothing',
      'Dresses',
    ]);
    await expect.poll(() => crumbs.locator('[aria-current="page"]').textContent()).toBe('Maxi Dresses');

    // Up to the category, then narrow by brand.
    await crumbs.getByRole('link', { name: "Woman's Fashion" }).click();
    await page.getByRole('heading', { level: 1, name: "Woman's Fashion" }).waitFor();
    await page.getByText(/^\d+ products found$/).waitFor();
    const allCount = rupees((await page.getByText(/^\d+ products found$/).textContent()) ?? '');
    for (const brand of [/Aurelia/, /Rangrez/]) {
      const box = page.getByRole('checkbox', { name: brand });
      await box.click();
      // A box shows what the URL says, and the router commits a new URL in a transition: the tick
      // can land a moment after the click, so wait for it instead of reading it at once (as check() does).
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await expect.poll(() => new URL(page.url()).searchParams.getAll('brand')).toEqual(['Aurelia', 'Rangrez']);
    await page.getByText('5 products found').waitFor();
    expect(allCount).toBeGreaterThan(5);

    // Narrow by price with the real slider, from the keyboard: each PageDown lowers the maximum.
    const maxThumb = page.getByRole('slider', { name: 'Maximum price' });
    const before = Number(await maxThumb.getAttribute('aria-valuenow'));
    expect(before).toBeGreaterThanOrEqual(1000);
    await maxThumb.focus();
    const steps = Math.round((before - 900) / 100);
    for (let i = 0; i < steps; i++) await page.keyboard.press('PageDown');
    await expect.poll(() => new URL(page.url()).searchParams.get('maxPrice')).toBe('900');
    await page.getByText('4 products found').waitFor();
    await expect.poll(async () => Math.max(...(await shownPrices(page)))).toBeLessThanOrEqual(900);

    // The spec's sort options, size included.
    expect(await page.getByLabel('Sort by').locator('option').allTextContents()).toEqual([
      'Featured',
      'Price: Low to High',
      'Price: High to Low',
      'Customer Rating',
      'Newest',
      'Size: Small to Large',
    ]);

    // Sort by price, low to high: the shown prices go up.
    await page.getByLabel('Sort by').selectOption('price-low');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('price-low');
    await expect
      .poll(async () => {
        const prices = await shownPrices(page);
        return prices.length === 4 && prices.every((p, i) => i === 0 || prices[i - 1]! <= p);
      })
      .toBe(true);
    const shareable = page.url();

    // The listing lives in the URL: Back undoes the sort, and the link reopens the same listing.
    await page.goBack();
    await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe('featured');
    await page.goto(shareable);
    await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe('price-low');
    await expect.poll(() => page.getByRole('checkbox', { name: /Aurelia/ }).isChecked()).toBe(true);
    await page.getByText('4 products found').waitFor();

    // A product, with its related products.
    await page.getByRole('link', { name: 'Floral Maxi Dress' }).click();
    await page.getByRole('heading', { level: 1, name: 'Floral Maxi Dress' }).waitFor();
    expect(await page.title()).toContain('Floral Maxi Dress');
    await page.getByText(/^In Stock \(\d+\)$/).waitFor();
    await page.getByText('Free Delivery', { exact: true }).waitFor();
    await page.getByText('Return within 3 days', { exact: true }).waitFor();
    const related = page.getByRole('region', { name: 'You may also like' });
    await related.waitFor();
    await expect.poll(() => related.getByRole('article').count()).toBeGreaterThan(0);

    // Buy Now wants a colour and a size first.
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Please select both color and size before adding to cart.' })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'red', exact: true }).click();
    await page.getByRole('button', { name: 'M', exact: true }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.getByRole('button', { name: 'Remove From Cart', exact: true }).waitFor();
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('guestCart') ?? '[]'));
    expect(cart).toMatchObject([{ name: 'Floral Maxi Dress', qty: 2, colour: 'red', size: 'M' }]);

    // Search from the header with a term that has a space.
    const search = page.getByPlaceholder('What are you looking for?').first();
    await search.fill('  smart watch ');
    await search.press('Enter');
    await page.waitForURL(`${baseUrl}/search/smart%20watch`);
    await page.getByRole('heading', { level: 1, name: 'Search Items' }).waitFor();
    await page.getByText(/^\d+ items?$/).waitFor();
    await expect
      .poll(() => page.getByRole('list', { name: 'Products' }).getByRole('article').count())
      .toBeGreaterThan(0);
    const names = await page.getByRole('list', { name: 'Products' }).getByRole('heading').allTextContents();
    expect(names.some((name) => /smart ?watch/i.test(name))).toBe(true);
    await page.context().close();
  });

  it('shows a clear message for an unknown product and an empty search', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/product/00000000-0000-0000-0000-000000000000');
    await page.getByRole('heading', { name: 'Product not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to home page' }).waitFor();

    await page.goto(`/search/${encodeURIComponent('no such thing at all')}`);
    await page.getByText('No products found').waitFor();
    await page.getByRole('link', { name: 'Browse Products' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.context().close();
  });

  it('lays the home page out without sideways scrolling on a phone', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Explore Our Products' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
