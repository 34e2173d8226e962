import { STORAGE_KEYS } from '@bazaar/shared/constants';
import { deliveryFeePaise } from '@bazaar/shared/delivery';
import { formatINR, paiseToRupees, rupeesToPaise } from '@bazaar/shared/money';
import type { Product, ProductList } from '@bazaar/shared/schemas/catalogue';
import type { AdminDelivery, DeliveryCheck } from '@bazaar/shared/schemas/delivery';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';
import { accessibilityProblems, hydrated, logIn, toast } from './journey';

const baseUrl = inject('baseUrl');
const ADMIN = { email: 'admin@bazaar.local', password: 'Admin@12345' };
// The demo's zones: Mumbai serves 400xxx; 799001 (Tripura) is no zone's, so the default zone answers.
const MUMBAI = '400001';
const UNLISTED = '799001';

async function productNamed(name: string): Promise<Product> {
  const list = (await (
    await fetch(`${baseUrl}/api/products?search=${encodeURIComponent(name)}`)
  ).json()) as ProductList;
  const product = list.products.find((p) => p.name === name);
  if (!product) throw new Error(`no demo product ${name}`);
  return product;
}

async function checked(pincode: string): Promise<DeliveryCheck> {
  return (await (await fetch(`${baseUrl}/api/delivery/check?pincode=${pincode}`)).json()) as DeliveryCheck;
}

/** The fee line the widget shows for a deliverable answer on an order worth `amountPaise`. */
function feeLine(answer: DeliveryCheck, amountPaise: number): string {
  if (!answer.deliverable) throw new Error('not deliverable');
  const rule = {
    feePaise: rupeesToPaise(answer.fee),
    freeAbovePaise: answer.freeAbove === null ? null : rupeesToPaise(answer.freeAbove),
  };
  const fee = deliveryFeePaise(rule, amountPaise);
  return fee === 0 ? 'Free delivery' : `Delivery ${formatINR(paiseToRupees(fee))}`;
}

describeInBrowser('a shopper checks delivery to a pincode', () => {
  let browser: Browser;
  let page: Page;
  let juttis: Product;
  let adminToken: string;
  let before: AdminDelivery['defaultZone'];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, baseUrl);
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    juttis = await productNamed('Embroidered Juttis');
    const login = await fetch(`${baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    adminToken = ((await login.json()) as { token: string }).token;
    const delivery = await fetch(`${baseUrl}/api/admin/delivery`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    before = ((await delivery.json()) as AdminDelivery).defaultZone;
  });
  afterAll(async () => {
    // The default zone as the demo had it, for the journeys after this one.
    if (before) {
      const { _id, updatedAt, ...zone } = before;
      await fetch(`${baseUrl}/api/admin/delivery/default-zone`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(zone),
      });
    }
    await browser?.close();
  });

  const widget = (on: Page) => on.locator('main').getByRole('region', { name: 'Check delivery' });
  const check = async (on: Page, pincode: string) => {
    await widget(on).getByLabel('Delivery pincode').fill(pincode);
    await widget(on).getByRole('button', { name: 'Check' }).click();
  };

  it('tells the date and the fee for a pincode a zone serves, on the product page, without moving it', async () => {
    await page.goto(`/product/${juttis._id}`);
    await hydrated(page);
    // Where the widget sits on the page (not in the viewport: filling the field may scroll to it).
    const place = () =>
      widget(page).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
      });
    const box = await place();
    const expected = await checked(MUMBAI);
    expect(expected).toMatchObject({ deliverable: true, fee: 40, cod: true });
    expect(expected.message).toMatch(/^Delivers by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}$/);
    await check(page, MUMBAI);
    await widget(page).getByText(expected.message).waitFor();
    await widget(page)
      .getByText(`${feeLine(expected, rupeesToPaise(juttis.salePrice))}`, { exact: false })
      .waitFor();
    await widget(page).getByText('Cash on delivery available', { exact: false }).waitFor();
    // The answer filled the room kept for it: the widget neither grew nor moved.
    expect(await place()).toEqual(box);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.deliveryPincode)).toBe(
      JSON.stringify(MUMBAI),
    );
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('says it does not deliver once the admin stops delivering outside the listed zones', async () => {
    expect(await checked(UNLISTED)).toMatchObject({ deliverable: true });
    const admin = await newPage(browser, baseUrl);
    await logIn(admin, ADMIN.email, ADMIN.password, '/admin/delivery');
    await admin.getByRole('heading', { level: 1, name: 'Delivery zones' }).waitFor();
    const form = admin.getByRole('form', { name: 'Default zone' });
    await form.getByLabel('Delivers outside listed zones').uncheck();
    await form.getByRole('button', { name: 'Save Default Zone' }).click();
    await toast(admin, 'Default zone saved');
    expect(await accessibilityProblems(admin)).toEqual([]);
    await admin.context().close();

    await check(page, UNLISTED);
    await widget(page).getByText('Does not deliver to this pincode').waitFor();
    // A listed pincode still gets its zone.
    await check(page, MUMBAI);
    await widget(page)
      .getByText((await checked(MUMBAI)).message)
      .waitFor();
    await check(page, UNLISTED);
    await widget(page).getByText('Does not deliver to this pincode').waitFor();
  });

  it('remembers the pincode: the cart checks it again, and tells the fee on the cart', async () => {
    await widget(page).getByText('Does not deliver to this pincode').waitFor();
    const main = page.locator('main');
    await main.getByRole('button', { name: juttis.colours[0]!, exact: true }).click();
    await main.getByRole('button', { name: juttis.sizes[0]!, exact: true }).click();
    await main.getByRole('button', { name: 'Buy Now' }).click();
    await toast(page, 'Added to cart');
    await page.goto('/cart');
    await hydrated(page);
    const cart = widget(page);
    await cart.getByText('Does not deliver to this pincode').waitFor();
    expect(await cart.getByLabel('Delivery pincode').inputValue()).toBe(UNLISTED);
    await check(page, MUMBAI);
    const answer = await checked(MUMBAI);
    await cart.getByText(answer.message).waitFor();
    await cart.getByText(feeLine(answer, rupeesToPaise(juttis.salePrice)), { exact: false }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    // Both server-rendered pages hydrated without an error in the console.
    expect(consoleErrors).toEqual([]);
  });
});
