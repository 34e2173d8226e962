import { randomUUID } from 'node:crypto';
import type { Product, ProductList, ProductVariant } from '@bazaar/shared/schemas/catalogue';
import type { AdminVariantList } from '@bazaar/shared/schemas/variant-admin';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';
import { hydrated, logIn, toast } from './journey';
import { latestMailTo } from './mail-sink';

// Stock per variant in the storefront (issue 23): the last Medium sells while Small stays on sale, and a
// guest asked to be told about the sold-out Medium gets the one mail once the admin restocks it.

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const ADMIN = { email: 'admin@bazaar.local', password: 'Admin@12345' };
const PASSWORD = 'window seat 42';
const PAID = 'Payment successful! You now track your order in your order history.';

async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The admin's product form as the API takes it (multipart), with the fields given. */
function productForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

const variantsOf = async (id: string) =>
  (await call<{ product: Product; variants?: ProductVariant[] }>('GET', `/products/${id}`)).variants ?? [];

async function fillBilling(page: Page, email: string) {
  const main = page.locator('main');
  await main.getByRole('heading', { name: 'Billing Details' }).waitFor();
  await main.getByLabel('First Name*').fill('Meera');
  await main.getByLabel('Last Name').fill('Iyer');
  await main.getByLabel('Street Address*').fill('7 Residency Road');
  await main.getByLabel('Town/City*').fill('Bengaluru');
  await main.getByLabel('State*').fill('Karnataka');
  await main.getByLabel('Pin Code*').fill('560025');
  await main.getByLabel('Phone Number*').fill('9812345678');
  await main.getByLabel('Email Address*').fill(email);
}

describeInBrowser('variants in the storefront', () => {
  let browser: Browser;
  let adminToken: string;
  let productId: string;
  let fields: Record<string, string>;
  const name = `Kurta ${randomUUID().slice(0, 6)}`;
  const shopper = `meera-${randomUUID().slice(0, 8)}@example.com`;
  const guest = `guest-${randomUUID().slice(0, 8)}@example.com`;

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = (await call<{ token: string }>('POST', '/users/login', undefined, ADMIN)).token;
    const list = await call<ProductList>('GET', '/products?limit=1');
    // Three units over Small and Medium: the database splits them 2 and 1 (decision 209).
    fields = {
      name,
      category: list.products[0]!.category,
      price: '799',
      description: 'A cotton kurta for the variants journey.',
      sizes: 'S,M',
      countInStock: '3',
    };
    const created = await call<{ product: Product }>('POST', '/products', adminToken, productForm(fields));
    productId = created.product._id;
    const stock = Object.fromEntries((await variantsOf(productId)).map((v) => [v.size, v.countInStock]));
    expect(stock).toEqual({ S: 2, M: 1 });
    await call('POST', '/users/register', undefined, {
      name: 'Meera Iyer',
      email: shopper,
      password: PASSWORD,
      phoneNumber: '9812345678',
    });
  });
  afterAll(async () => browser?.close());

  it('sells the last Medium while Small stays on sale: afterwards M is struck through, S still addable', async () => {
    const page = await newPage(browser, baseUrl);
    await logIn(page, shopper, PASSWORD, `/product/${productId}`);
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name }).waitFor();
    await main.getByRole('button', { name: 'M', exact: true }).click();
    await main.getByText('In Stock (1)').waitFor();
    await main.getByRole('button', { name: 'Buy Now' }).click();
    await main.getByRole('button', { name: 'Remove From Cart', exact: true }).waitFor();

    await page.goto('/cart/checkout');
    await main.getByText(name).first().waitFor();
    await fillBilling(page, shopper);
    await main.getByRole('button', { name: 'Place order' }).click();
    const frame = page.frameLocator('iframe[title="Payment"]');
    await frame.getByLabel('UPI ID').fill('success@razorpay');
    await frame.getByRole('button', { name: /^Pay ₹/ }).click();
    await toast(page, PAID);
    await page.waitForURL((url) => url.pathname === '/orders');

    const stock = Object.fromEntries((await variantsOf(productId)).map((v) => [v.size, v.countInStock]));
    expect(stock).toEqual({ S: 2, M: 0 });
    // A fresh visitor sees the page as the shop now is.
    const visitor = await newPage(browser, baseUrl);
    await visitor.goto(`/product/${productId}`);
    await hydrated(visitor);
    const medium = visitor.getByRole('button', { name: 'M (sold out)' });
    await medium.waitFor();
    expect(await medium.isDisabled()).toBe(true);
    expect(await medium.getAttribute('class')).toContain('line-through');
    const small = visitor.getByRole('button', { name: 'S', exact: true });
    expect(await small.isDisabled()).toBe(false);
    await small.click();
    await visitor.getByText('In Stock (2)').waitFor();
    expect(await visitor.getByRole('button', { name: 'Buy Now' }).isDisabled()).toBe(false);
    await visitor.context().close();
    await page.context().close();
  });

  it('mails a guest who asked about the sold-out Medium once the admin restocks it', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto(`/product/${productId}`);
    await hydrated(page);
    const notify = page.getByRole('region', { name: 'Sold out? We can email you when it is back.' });
    await notify.getByText('Sold out: M').waitFor();
    await notify.getByLabel('Your email').fill(guest);
    await notify.getByRole('button', { name: 'Notify me' }).click();
    await notify
      .getByRole('status')
      .getByText(/check your inbox/)
      .waitFor();

    const confirmation = await latestMailTo(mailDir, guest, {
      subject: `Bazaar: confirm your back-in-stock alert for ${name} (M)`,
    });
    const link = /https?:\/\/\S+\/api\/stock-alerts\/confirm\?token=\S+/.exec(confirmation)![0];
    await page.goto(link);
    await page.waitForURL(
      (url) => url.pathname === `/product/${productId}` && url.search === '?alert=confirmed',
    );
    await page
      .getByRole('status')
      .getByText('Your alert is confirmed: we will email you once when it is back in stock.')
      .waitFor();

    // One figure is not spread over several variants any more (409); the admin adjusts each variant:
    // one more Small and one more Medium.
    await expect(
      call('PUT', `/products/${productId}`, adminToken, productForm({ ...fields, countInStock: '4' })),
    ).rejects.toThrow(/409/);
    const matrix = await call<AdminVariantList>('GET', `/admin/products/${productId}/variants`, adminToken);
    await call('PUT', `/admin/products/${productId}/variants`, adminToken, {
      variants: matrix.variants.filter((v) => v.active).map((v) => ({ id: v.id, adjust: 1 })),
    });
    const stock = Object.fromEntries((await variantsOf(productId)).map((v) => [v.size, v.countInStock]));
    expect(stock).toEqual({ S: 3, M: 1 });

    const mail = await latestMailTo(mailDir, guest, {
      subject: `Bazaar: ${name} (M) is back in stock`,
      timeoutMs: 60_000,
    });
    expect(mail).toContain(`${baseUrl}/product/${productId}`);
    expect(mail).toMatch(/List-Unsubscribe:\s+<https?:\/\/\S+\/api\/stock-alerts\/unsubscribe\?token/);
    expect(mail).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    await page.context().close();
  });
});
