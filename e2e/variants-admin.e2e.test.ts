import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';
import { accessibilityProblems, logIn, toast } from './journey';

const baseUrl = inject('baseUrl');
const ADMIN = { email: 'admin@bazaar.local', password: 'Admin@12345' };

/** A product without options, made through the admin API (the form's multipart POST). */
async function createProduct(token: string, name: string): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name,
    category: "Woman's Fashion",
    price: '1299',
    discount: '10',
    countInStock: '0',
    sku: `E2E-${randomUUID().slice(0, 6).toUpperCase()}`,
    description: 'A kurta to check the variant matrix with.',
  }))
    form.append(k, v);
  const res = await fetch(`${baseUrl}/api/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { product: { _id: string } }).product._id;
}

describeInBrowser('admin variants and stock', () => {
  let browser: Browser;
  let page: Page;
  let productId: string;
  const name = `Variant Kurta ${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, baseUrl);
    const login = await fetch(`${baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    productId = await createProduct(((await login.json()) as { token: string }).token, name);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('generates variants, sets stock with a reason, finds it on the stock screen and in the ledger; the storefront sells it', async () => {
    await logIn(page, ADMIN.email, ADMIN.password, `/admin/products/manage/${productId}`);
    const matrix = page.getByRole('region', { name: 'Variants' });
    await matrix.getByLabel('Colours (comma separated)').fill('Red, Blue');
    await matrix.getByLabel('Sizes (comma separated)').fill('S, M');
    await matrix.getByRole('button', { name: 'Generate variants' }).click();
    await toast(page, '4 variants on sale');
    await matrix.getByLabel('Stock of red / M').fill('7');
    await matrix.getByLabel('Stock of red / S').fill('2');
    await matrix.getByLabel('Reason for stock changes (kept in the ledger)').fill('First delivery');
    await matrix.getByRole('button', { name: 'Save variants' }).click();
    await toast(page, '2 variants saved');
    await expect.poll(() => matrix.getByLabel('Stock of red / M').inputValue()).toBe('7');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Stock' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/stock');
    await page.getByLabel('Search stock by product name or SKU').fill(name);
    const table = page.getByRole('table', { name: 'Variants and their stock' });
    // A header, the four combinations and the switched-off default variant.
    await expect.poll(() => table.getByRole('row').count()).toBe(6);
    const redM = table.getByRole('row').filter({ hasText: 'red / M' });
    await expect.poll(() => redM.textContent()).toContain('7');
    // The inline adjustment: three more, with why.
    await redM.getByLabel(/Units to add or take away/).fill('3');
    await redM.getByLabel(/Reason for/).fill('Found in the back room');
    await redM.getByRole('button', { name: 'Adjust' }).click();
    await toast(page, ': 10 in stock');
    await page.getByLabel('Low stock only').check();
    // red / S (2) and the blue ones (0) are at or below the shop's threshold; red / M (10) and the
    // switched-off default are not.
    await expect.poll(() => table.getByRole('row').count()).toBe(4);
    await page.getByLabel('Low stock only').uncheck();
    await expect.poll(() => table.getByRole('row').count()).toBe(6);
    await table
      .getByRole('row')
      .filter({ hasText: 'red / M' })
      .getByRole('button', { name: /Ledger/ })
      .click();
    const ledger = page.getByRole('table', { name: 'Stock changes, newest first' });
    await expect.poll(() => ledger.getByRole('row').count()).toBe(3);
    const [newest, first] = [ledger.getByRole('row').nth(1), ledger.getByRole('row').nth(2)];
    expect(await newest.textContent()).toContain('+3');
    expect(await newest.textContent()).toContain('Found in the back room');
    expect(await first.textContent()).toContain('First delivery');
    expect(await first.textContent()).toContain(ADMIN.email);
    expect(await accessibilityProblems(page)).toEqual([]);

    // The shopper's product page: red is on sale, blue is sold out.
    await page.goto(`/product/${productId}`);
    await page.getByRole('button', { name: 'blue (sold out)' }).waitFor();
    await page.getByRole('button', { name: 'red', exact: true }).waitFor();
    const reply = (await (await fetch(`${baseUrl}/api/products/${productId}`)).json()) as {
      product: { countInStock: number };
      variants: { colour: string; size: string; countInStock: number }[];
    };
    expect(reply.product.countInStock).toBe(12);
    expect(reply.variants.find((v) => v.colour === 'red' && v.size === 'M')?.countInStock).toBe(10);
  });
});
