import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';
import { accessibilityProblems, logIn, toast } from './journey';

const baseUrl = inject('baseUrl');
const ADMIN = { email: 'admin@bazaar.local', password: 'Admin@12345' };

function picture(colour: string, name: string) {
  return sharp({ create: { width: 400, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/png', buffer }));
}

async function register(email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Meera Shah', email, password: 'sunrise42', phoneNumber: '9876500000' }),
  });
  const body = (await res.json()) as { token: string };
  return body.token;
}

describeInBrowser('admin back office', () => {
  let browser: Browser;
  let page: Page;
  const productName = `Aurora Linen Kurta ${randomUUID().slice(0, 6)}`;
  const shopperEmail = `meera-${randomUUID().slice(0, 8)}@example.com`;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a shopper who opens /admin home with the toast, without loading the admin pages', async () => {
    const shopper = await newPage(browser, baseUrl);
    const token = await register(`shopper-${randomUUID().slice(0, 8)}@example.com`);
    await shopper.goto('/');
    await shopper.evaluate((t) => localStorage.setItem('token', t), token);
    const adminChunks: string[] = [];
    shopper.on('request', (request) => {
      if (/\/assets\/admin-area-/.test(request.url())) {
        adminChunks.push(request.url());
      }
    });
    await shopper.goto('/admin/users');
    await toast(shopper, 'You are not an admin');
    await shopper.waitForURL((url) => url.pathname === '/');
    expect(adminChunks).toEqual([]);
    await shopper.context().close();
  });

  it('lets the admin in through /iamadmin to the admin area, its own layout without the storefront footer', async () => {
    page = await newPage(browser, baseUrl);
    await logIn(page, ADMIN.email, ADMIN.password, '/');
    await page.goto('/iamadmin');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('link', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).waitFor();
    expect(await page.locator('footer').count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /search/i }).count()).toBe(0);
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('creates a product with two pictures and an AI-written description; the storefront search finds it at once', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await page.getByText(/Showing \d+ of \d+ products/).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole('link', { name: 'Add Product' }).click();
    await page.getByRole('heading', { name: 'Create Product' }).waitFor();
    // Name and brand first: without them the helper says what it needs.
    await page.getByRole('button', { name: 'Generate with AI' }).click();
    await toast(page, 'Please enter product name and features');

    await page.getByLabel('Product Name *').fill(productName);
    await page.getByLabel('Brand').fill('Fabindia');
    await page.getByLabel('Category *').selectOption("Men's Fashion");
    await page.getByLabel('Price (₹) *').fill('1299');
    await page.getByLabel('Count In Stock').fill('12');
    await page.getByLabel('Material').fill('Linen');
    await page.getByLabel('Colours (comma-separated)').fill('White, Sky Blue');
    await page.getByLabel('Sizes (comma-separated)').fill('M, L');
    await page.getByLabel('Main Image').setInputFiles(await picture('#2563eb', 'main.png'));
    await page.getByLabel('Additional Images').setInputFiles(await picture('#f59e0b', 'detail.png'));
    await page.getByRole('img', { name: 'new main image' }).waitFor();
    await page.getByRole('img', { name: /new image 1/ }).waitFor();

    await page.getByRole('button', { name: 'Generate with AI' }).click();
    const description = page.getByLabel('Description *');
    await expect.poll(() => description.inputValue()).toContain(`Fabindia ${productName}`);
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create Product' }).click();
    await toast(page, 'Product created successfully!');
    await page.waitForURL((url) => url.pathname === '/admin/products');
    await page.getByRole('link', { name: productName }).waitFor();

    const storefront = await newPage(browser, baseUrl);
    await storefront.goto(`/search/${encodeURIComponent(productName)}`);
    await storefront
      .getByRole('link', { name: new RegExp(productName) })
      .first()
      .waitFor();
    await storefront.context().close();
  });

  it('edits its price; the storefront shows the new price at once', async () => {
    await page.getByRole('link', { name: productName }).click();
    await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
    await page.getByText('Created At:').waitFor();
    await page.getByText('Last Updated:').waitFor();
    const productId = page.url().split('/').pop()!;
    // A fresh load of the edit screen fills every field, the category selects included.
    await page.reload();
    await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
    const price = page.getByLabel('Price (₹) *');
    await price.waitFor();
    expect(await page.getByLabel('Category *').inputValue()).toBe("Men's Fashion");
    expect(await page.getByLabel('Colours (comma-separated)').inputValue()).toBe('white, sky blue');
    await page.getByRole('img', { name: 'current main image' }).waitFor();
    await page.getByRole('img', { name: 'image 1' }).waitFor();
    expect(await price.inputValue()).toBe('1299');
    expect(await accessibilityProblems(page)).toEqual([]);
    await price.fill('999');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await toast(page, 'Product updated successfully!');

    const storefront = await newPage(browser, baseUrl);
    await storefront.goto(`/product/${productId}`);
    await storefront.getByRole('heading', { name: productName }).waitFor();
    await storefront.getByText('₹999').first().waitFor();
    const stale = await storefront.evaluate(() =>
      Array.from(document.querySelectorAll('main *'))
        .filter((el) => el.children.length === 0 && el.textContent?.includes('1,299'))
        .map((el) => el.parentElement?.outerHTML.slice(0, 300)),
    );
    expect(stale).toEqual([]);
    await storefront.context().close();
  });

  it('promotes a user to admin', async () => {
    await register(shopperEmail);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByText('Total Admins').waitFor();
    await page.getByRole('searchbox', { name: /Search users/ }).fill(shopperEmail);
    await page.getByRole('button', { name: `Edit ${shopperEmail}` }).click();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByLabel(`User Status of ${shopperEmail}`).selectOption('admin');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await toast(page, 'User updated successfully');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await fetch(`${baseUrl}/api/users/all?search=${encodeURIComponent(shopperEmail)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { adminUsers: { email: string; isAdmin: boolean }[] };
    expect(body.adminUsers).toEqual([expect.objectContaining({ email: shopperEmail, isAdmin: true })]);
  });

  it('shows the shop settings and the audit log of these changes, both accessible', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Shop' }).click();
    await page.getByRole('heading', { name: 'Shop Settings' }).waitFor();
    await page.getByLabel('Shop Name').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: new RegExp(`${productName}: Price 1299 → 999`) }).waitFor();
    await page.getByRole('cell', { name: `${shopperEmail}: user → admin` }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('opens the sidebar from the hamburger on a small screen', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Admin menu' });
    await menu.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    expect(await menu.count()).toBe(0);
    expect(await accessibilityProblems(page)).toEqual([]);
  });
});
