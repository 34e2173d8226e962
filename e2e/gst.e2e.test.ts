import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ProductList } from '@bazaar/shared/schemas/catalogue';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';
import { logIn, toast } from './journey';

const baseUrl = inject('baseUrl');
const ADMIN = { email: 'admin@bazaar.local', password: 'Admin@12345' };
const PASSWORD = 'window seat 42';
const KARNATAKA_GSTIN = '29AAGCB7383J1Z4';
const PAID = 'Payment successful! You now track your order in your order history.';

async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The admin's Tax form on the Shop page: the mode, and the GSTIN in GST mode. */
async function setTaxMode(page: Page, mode: 'GST, prices include tax' | 'Flat rate added at checkout') {
  await page.goto('/admin/shop');
  const form = page.getByRole('form', { name: 'Tax' });
  await form.getByRole('radio', { name: mode }).check();
  if (mode.startsWith('GST')) await form.getByLabel('GSTIN*').fill(KARNATAKA_GSTIN);
  await form.getByRole('button', { name: 'Save tax settings' }).click();
  await toast(page, 'Tax settings saved');
}

describeInBrowser('GST: tax by place of supply, the invoice, the GSTR-1 export', () => {
  let browser: Browser;
  let shopperPage: Page;
  let adminPage: Page;
  let token: string;
  const email = `kavya-${randomUUID().slice(0, 8)}@example.com`;

  beforeAll(async () => {
    browser = await launchBrowser();
    shopperPage = await newPage(browser, baseUrl);
    adminPage = await newPage(browser, baseUrl);
    token = (
      await call<{ token: string }>('POST', '/users/register', undefined, {
        name: 'Kavya Rao',
        email,
        password: PASSWORD,
        phoneNumber: '9812345670',
      })
    ).token;
  });
  afterAll(async () => {
    // The other journeys expect the demo's flat tax line.
    if (adminPage) await setTaxMode(adminPage, 'Flat rate added at checkout').catch(() => undefined);
    await browser?.close();
  });

  it('the admin switches to GST; a shopper with two addresses checks out to another state, sees IGST and downloads the invoice', async () => {
    await logIn(adminPage, ADMIN.email, ADMIN.password, '/admin');
    await setTaxMode(adminPage, 'GST, prices include tax');

    // Two addresses in the book: the shop's state first (the default), another state second.
    const address = (line1: string, city: string, stateCode: string, pincode: string) =>
      call('POST', '/users/addresses', token, {
        name: 'Kavya Rao',
        phone: '9812345670',
        line1,
        city,
        stateCode,
        pincode,
      });
    await address('7 Residency Road', 'Bengaluru', '29', '560025');
    await address('12 Marine Drive', 'Mumbai', '27', '400020');
    const list = await call<ProductList>('GET', '/products?limit=100');
    const product = list.products.find((p) => p.countInStock >= 3)!;
    await call('POST', '/cart/add', token, { productId: product._id, quantity: 1 });

    await logIn(shopperPage, email, PASSWORD, '/cart/checkout');
    const main = shopperPage.locator('main');
    const taxLines = main.getByTestId('tax-lines');
    // Within Karnataka: CGST and SGST.
    await taxLines.getByText(/CGST ₹/).waitFor();
    await main.getByRole('radio', { name: /12 Marine Drive/ }).check();
    // To Maharashtra: IGST, and the total does not change.
    await taxLines.getByText(/^IGST ₹/).waitFor();
    expect(await taxLines.textContent()).toMatch(/incl\. GST ₹/);
    const email_ = main.getByLabel('Email Address*');
    if (!(await email_.inputValue())) await email_.fill(email);
    await main.getByRole('button', { name: 'Place order' }).click();
    const frame = shopperPage.frameLocator('iframe[title="Payment"]');
    await frame.getByLabel('UPI ID').fill('success@razorpay');
    await frame.getByRole('button', { name: /^Pay ₹/ }).click();
    await toast(shopperPage, PAID);
    await shopperPage.waitForURL((url) => url.pathname === '/orders');

    const order = shopperPage.locator('article').first();
    const [download] = await Promise.all([
      shopperPage.waitForEvent('download'),
      order.getByRole('button', { name: 'Download invoice' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d\d-\d\d-\d{6}\.pdf$/);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a refund shows its credit note on the shopper’s order details, with its PDF', async () => {
    const { orders } = await call<{ orders: { _id: string }[] }>('GET', '/orders/myorders', token);
    const orderId = orders[0]!._id;
    const admin = await call<{ token: string }>('POST', '/users/login', undefined, ADMIN);
    await call('POST', `/admin/orders/${orderId}/refunds`, admin.token, {
      amount: 10,
      reason: 'Late delivery',
    });
    // The sandbox processes the refund at once; its credit note follows the commit.
    await expect
      .poll(
        async () =>
          (await call<{ creditNotes: unknown[] }>('GET', `/orders/${orderId}/credit-notes`, token))
            .creditNotes.length,
      )
      .toBe(1);
    await shopperPage.goto(`/orders/${orderId}`);
    const notes = shopperPage.locator('[data-credit-notes]');
    await notes.getByText(/Credit note CN\/\d\d-\d\d\/\d{6} · ₹10/).waitFor();
    const [download] = await Promise.all([
      shopperPage.waitForEvent('download'),
      notes.getByRole('button', { name: 'Download credit note' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^CN-\d\d-\d\d-\d{6}\.pdf$/);
  });

  it('the admin exports this month’s GSTR-1 CSV with the sale in it', async () => {
    await adminPage.goto('/admin/shop');
    const form = adminPage.getByRole('form', { name: 'GST report' });
    const [download] = await Promise.all([
      adminPage.waitForEvent('download'),
      form.getByRole('button', { name: 'Download GSTR-1 CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^gstr1-\d{4}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('B2CS');
    expect(csv).toContain('27-Maharashtra');
    // The refund's credit note nets into B2CS (a consumer's invoice) and is counted in the totals.
    expect(csv).toMatch(/\r\nCredit notes,1,/);
    await toast(adminPage, 'GSTR-1 report downloaded');
  });
});
