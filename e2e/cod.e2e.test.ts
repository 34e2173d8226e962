import { randomUUID } from 'node:crypto';
import type { Product, ProductList } from '@bazaar/shared/schemas/catalogue';
import type { AdminDelivery, DeliveryCheck } from '@bazaar/shared/schemas/delivery';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';
import { accessibilityProblems, hydrated, logIn, toast } from './journey';
import { latestMailTo } from './mail-sink';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const ADMIN = { email: 'admin@bazaar.local', password: 'Admin@12345' };
const PASSWORD = 'window seat 42';
// The demo's Mumbai zone serves 400xxx with cash on delivery; 799001 (Tripura) is no zone's.
const MUMBAI = '400001';
const UNLISTED = '799001';

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

/** A new shopper with a Mumbai address in the book and `product` in the cart; their token. */
async function shopperWithCart(name: string, email: string, product: Product): Promise<string> {
  const { token } = await call<{ token: string }>('POST', '/users/register', undefined, {
    name,
    email,
    password: PASSWORD,
    phoneNumber: '9812345670',
  });
  await call('POST', '/users/addresses', token, {
    name,
    phone: '9812345670',
    line1: '12 Marine Drive',
    city: 'Mumbai',
    stateCode: '27',
    pincode: '400020',
  });
  await call('POST', '/cart/add', token, {
    productId: product._id,
    quantity: 1,
    ...(product.colours[0] ? { colour: product.colours[0] } : {}),
    ...(product.sizes[0] ? { size: product.sizes[0] } : {}),
  });
  return token;
}

/** At checkout: cash on delivery chosen, the order placed; lands on the order's page. Its id. */
async function placeCodOrder(page: Page, email: string): Promise<string> {
  await logIn(page, email, PASSWORD, '/cart/checkout');
  const main = page.locator('main');
  const email_ = main.getByLabel('Email Address*');
  if (!(await email_.inputValue())) await email_.fill(email);
  await main.getByRole('radio', { name: /^Cash on delivery/ }).check();
  await main.getByRole('button', { name: 'Place order' }).click();
  await toast(page, 'Order placed. Confirm it from the mail we sent you');
  await page.waitForURL((url) => /^\/orders\/[0-9a-f-]{36}$/.test(url.pathname));
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  await page
    .getByRole('region', { name: 'Cash on delivery' })
    .getByText('Please confirm this order')
    .waitFor();
  return orderId;
}

describeInBrowser(
  'cash on delivery: a pincode checked, a COD order confirmed by mail, shipped, paid in cash; another paid online instead',
  () => {
    let browser: Browser;
    let adminToken: string;
    let product: Product;
    let defaultZone: AdminDelivery['defaultZone'] | undefined;

    beforeAll(async () => {
      browser = await launchBrowser();
      adminToken = (await call<{ token: string }>('POST', '/users/login', undefined, ADMIN)).token;
      // No zone outside the listed ones for this journey (restored after), so 799001 is not served.
      defaultZone = (await call<AdminDelivery>('GET', '/admin/delivery', adminToken)).defaultZone;
      const { _id, updatedAt, ...terms } = defaultZone;
      await call('PUT', '/admin/delivery/default-zone', adminToken, { ...terms, deliversOutside: false });
      const list = await call<ProductList>('GET', '/products?limit=100');
      product = list.products.find((p) => p.countInStock >= 5 && p.salePrice >= 300 && p.salePrice <= 5000)!;
    });
    afterAll(async () => {
      if (defaultZone) {
        const { _id, updatedAt, ...terms } = defaultZone;
        await call('PUT', '/admin/delivery/default-zone', adminToken, terms).catch(() => undefined);
      }
      await browser?.close();
    });

    it('a shopper checks two pincodes on the product page, places a COD order, confirms it from the mail; the admin ships it and records the cash', async () => {
      const page = await newPage(browser, baseUrl);
      // Check delivery on the product page: a date for Mumbai (with COD), none for an unserved pincode.
      await page.goto(`/product/${product._id}`);
      await hydrated(page);
      const widget = page.locator('main').getByRole('region', { name: 'Check delivery' });
      const check = async (pincode: string) => {
        await widget.getByLabel('Delivery pincode').fill(pincode);
        await widget.getByRole('button', { name: 'Check' }).click();
      };
      const mumbai = await call<DeliveryCheck>('GET', `/delivery/check?pincode=${MUMBAI}`);
      expect(mumbai).toMatchObject({ deliverable: true, cod: true });
      await check(MUMBAI);
      await widget.getByText(mumbai.message).waitFor();
      expect(mumbai.message).toMatch(/^Delivers by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}$/);
      await widget.getByText('Cash on delivery available', { exact: false }).waitFor();
      await check(UNLISTED);
      await widget.getByText('Does not deliver to this pincode').waitFor();

      // A COD order, confirmed through the signed link in the mail.
      const email = `asha-${randomUUID().slice(0, 8)}@example.com`;
      const token = await shopperWithCart('Asha Rao', email, product);
      const orderId = await placeCodOrder(page, email);
      const mail = await latestMailTo(mailDir, email, {
        subject: 'Bazaar: please confirm your cash on delivery order',
      });
      const link = mail.match(/\/confirm-cod\?token=[^\s"<>]+/)?.[0];
      expect(link, 'the confirmation link in the mail').toBeTruthy();
      const confirmPage = await newPage(browser, baseUrl);
      await confirmPage.goto(link!);
      await hydrated(confirmPage);
      await confirmPage.getByRole('button', { name: 'Confirm order' }).click();
      await confirmPage
        .locator('[data-cod-confirm-status]')
        .getByText('your order is confirmed', { exact: false })
        .waitFor();
      expect(await accessibilityProblems(confirmPage)).toEqual([]);
      await confirmPage.context().close();

      // The admin ships it, then records the cash the courier collected.
      const admin = await newPage(browser, baseUrl);
      await logIn(admin, ADMIN.email, ADMIN.password, '/admin');
      await admin.goto(`/admin/orders/order/${orderId}`);
      await admin.getByRole('heading', { name: 'Order Details' }).waitFor();
      const ship = admin.getByRole('form', { name: 'Ship this order' });
      await ship.getByLabel('Carrier', { exact: true }).selectOption({ label: 'Delhivery' });
      await ship.getByLabel('Tracking number').fill('DLCOD1234567');
      await ship.getByRole('button', { name: 'Ship order' }).click();
      await toast(admin, 'Order shipped');
      await admin.getByRole('button', { name: 'Delivered, cash collected' }).click();
      await toast(admin, 'Cash collected: delivered.');
      expect(await accessibilityProblems(admin)).toEqual([]);
      await admin.context().close();

      const order = await call<{ status: string; isPaid: boolean }>('GET', `/orders/${orderId}`, token);
      expect(order).toMatchObject({ status: 'Delivered', isPaid: true });
      await page.goto(`/orders/${orderId}`);
      await page
        .getByRole('region', { name: 'Cash on delivery' })
        .getByText('Paid in cash on delivery.')
        .waitFor();
      await page.context().close();
    });

    it('another shopper switches a COD order to paying online in the sandbox, and it is paid', async () => {
      const page = await newPage(browser, baseUrl);
      const email = `ravi-${randomUUID().slice(0, 8)}@example.com`;
      const token = await shopperWithCart('Ravi Iyer', email, product);
      const orderId = await placeCodOrder(page, email);
      await page.getByRole('button', { name: 'Pay now online instead' }).click();
      const frame = page.frameLocator('iframe[title="Payment"]');
      await frame.getByLabel('UPI ID').fill('success@razorpay');
      await frame.getByRole('button', { name: /^Pay ₹/ }).click();
      await expect
        .poll(
          async () =>
            (await call<{ status: string; isPaid: boolean }>('GET', `/orders/${orderId}`, token)).isPaid,
          {
            timeout: 15_000,
          },
        )
        .toBe(true);
      const paid = await call<{ status: string }>('GET', `/orders/${orderId}`, token);
      expect(paid.status).toBe('Processing');
      await page.reload();
      await hydrated(page);
      expect(await page.getByRole('button', { name: 'Pay now online instead' }).count()).toBe(0);
      await page.context().close();
    });
  },
);
