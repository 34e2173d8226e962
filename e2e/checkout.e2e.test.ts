import { randomUUID } from 'node:crypto';
import type { CartReply } from '@bazaar/shared/schemas/cart';
import type { Product, ProductList } from '@bazaar/shared/schemas/catalogue';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';
import { accessibilityProblems, logIn, toast } from './journey';
import { latestMailTo } from './mail-sink';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const PASSWORD = 'window seat 42';
const PAID = 'Payment successful! You now track your order in your order history.';

/** The shop's API as a second device of the same shopper would call it (the cart is the account's). */
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

const stockOf = async (id: string) =>
  (await call<{ product: Product }>('GET', `/products/${id}`)).product.countInStock;

/** The sandbox's payment page, in its frame over the checkout. */
async function payInSandbox(page: Page, card: string): Promise<FrameLocator> {
  const frame = page.frameLocator('iframe[title="Payment"]');
  await frame.getByRole('radio', { name: 'Card' }).check();
  await frame.getByLabel('Card number').fill(card);
  await frame.getByLabel('Expiry (MM/YY)').fill('12/30');
  await frame.getByLabel('CVV').fill('123');
  await frame.getByRole('button', { name: /^Pay ₹/ }).click();
  return frame;
}

/** UPI is the page's first choice, as it is most Indian shoppers'. */
async function payByUpi(page: Page, vpa: string): Promise<FrameLocator> {
  const frame = page.frameLocator('iframe[title="Payment"]');
  await frame.getByLabel('UPI ID').fill(vpa);
  await frame.getByRole('button', { name: /^Pay ₹/ }).click();
  return frame;
}

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

describeInBrowser('checkout through the payment sandbox', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let product: Product;
  const email = `meera-${randomUUID().slice(0, 8)}@example.com`;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, baseUrl);
    const registered = await call<{ token: string }>('POST', '/users/register', undefined, {
      name: 'Meera Iyer',
      email,
      password: PASSWORD,
      phoneNumber: '9812345678',
    });
    token = registered.token;
    const list = await call<ProductList>('GET', '/products?limit=100');
    product = list.products.find((p) => p.countInStock >= 6)!;
    expect(product).toBeDefined();
  });
  afterAll(async () => browser?.close());

  it('sends a guest who opens checkout to log in', async () => {
    const guest = await newPage(browser, baseUrl);
    await guest.goto('/cart/checkout');
    await toast(guest, 'Please login first');
    await guest.waitForURL((url) => url.pathname === '/login');
    await guest.context().close();
  });

  it('pays by UPI with a coupon: the paid order is in My Orders with its total and Paid with UPI, stock is lowered, the confirmation mail arrives', async () => {
    // A coupon of the shopper's own: the newsletter's welcome code, from the welcome mail.
    await call('POST', '/newsletter/subscribe', undefined, { email });
    const welcome = await latestMailTo(mailDir, email);
    const code = /WELCOME-[A-Z0-9]{8}/.exec(welcome)![0];
    await call('POST', '/cart/add', token, { productId: product._id, quantity: 2 });
    const cart = await call<CartReply>('PUT', '/cart/apply-coupon', token, { coupon: code });
    expect(cart.coupon?.code).toBe(code);
    const stockBefore = await stockOf(product._id);
    const total = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: 0,
    }).format(cart.total);

    await logIn(page, email, PASSWORD, '/cart/checkout');
    const main = page.locator('main');
    await main.getByText(product.name).first().waitFor();
    await main.getByText(`Discount (${code}, -10%):`).waitFor();
    await main.getByText(total, { exact: true }).first().waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await fillBilling(page, email);
    await main.getByRole('button', { name: 'Place order' }).click();
    await page.frameLocator('iframe[title="Payment"]').getByLabel('UPI ID').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await payByUpi(page, 'success@razorpay');
    await toast(page, PAID);
    await page.waitForURL((url) => url.pathname === '/orders');

    const order = page.locator('article').first();
    await order.getByText('Processing').waitFor();
    await order.getByText('Paid with UPI').waitFor();
    expect((await order.locator('[data-order-total]').textContent())?.trim()).toBe(total);
    await order.getByText(product.name, { exact: true }).first().waitFor();
    await order.getByRole('link', { name: `Buy Again ${product.name}` }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(await stockOf(product._id)).toBe(stockBefore - 2);
    const number = (await order.getByRole('heading', { level: 2 }).textContent())!
      .replace('Order #', '')
      .trim();

    // The sink's decoder reads quoted-printable bytes one by one; the message itself is UTF-8.
    const raw = await latestMailTo(mailDir, email, { subject: `Bazaar: order #${number} confirmed` });
    const mail = Buffer.from(raw, 'latin1').toString('utf8');
    expect(mail).toContain(product.name);
    expect(mail).toContain(`Total paid: ${total}`);
    expect(mail).toContain('7 Residency Road');
    // The cart was emptied by the payment.
    expect((await call<CartReply>('GET', '/cart/get', token)).cartItems).toEqual([]);
  });

  it('leaves a declined order awaiting payment, and Pay now pays it', async () => {
    await call('POST', '/cart/add', token, { productId: product._id, quantity: 1 });
    const stockBefore = await stockOf(product._id);
    await page.goto('/cart/checkout');
    const main = page.locator('main');
    // The last order's details are offered again.
    await main.getByRole('heading', { name: 'Billing Details' }).waitFor();
    expect(await main.getByLabel('Street Address*').inputValue()).toBe('7 Residency Road');
    await main.getByRole('button', { name: 'Place order' }).click();
    const frame = await payInSandbox(page, '4000 0000 0000 0002');
    await frame.getByText('Your card was declined by the bank. Try another card.').waitFor();
    await frame.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => url.pathname === '/orders');

    const waiting = page.locator('article').first();
    await waiting.getByText('Awaiting payment').waitFor();
    // Reserved while it waits.
    expect(await stockOf(product._id)).toBe(stockBefore - 1);
    await waiting.getByRole('button', { name: 'Pay now' }).click();
    await payInSandbox(page, '4111 1111 1111 1111');
    await toast(page, PAID);
    await page.locator('article').first().getByText('Processing').waitFor();
    await expect(page.getByRole('button', { name: 'Pay now' }).count()).resolves.toBe(0);
    expect(await stockOf(product._id)).toBe(stockBefore - 1);
  });

  it('says before placing that one shopper may hold only so many of a product unpaid, and placing says the same', async () => {
    const list = await call<ProductList>('GET', '/products?limit=100');
    // Fewer than 50 in stock: 10% is less than 5, so the limit is 5.
    const item = list.products.find(
      (p) => p.countInStock >= 7 && p.countInStock < 50 && p._id !== product._id,
    )!;
    expect(item).toBeDefined();
    await call('POST', '/cart/add', token, { productId: item._id, quantity: 6 });
    await page.goto('/cart/checkout');
    const main = page.locator('main');
    const alert = main.getByRole('alert').filter({ hasText: 'This order cannot be placed yet' });
    const message = `You can hold at most 5 of ${item.name} in unpaid orders. Lower the quantity to 5 to continue.`;
    await alert.getByText(message).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await main.getByRole('button', { name: 'Place order' }).click();
    await toast(page, message);
    expect(await stockOf(item._id)).toBe(item.countInStock);
  });
});

describeInBrowser('the demo customer and her seeded orders', () => {
  const DEMO = { email: 'customer@bazaar.local', password: 'Customer@12345' };
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, baseUrl);
  });
  afterAll(async () => browser?.close());

  it('can pay or delete her seeded unpaid order, and after a declined card places and pays another', async () => {
    const { token } = await call<{ token: string }>('POST', '/users/login', undefined, DEMO);
    // Whatever other journeys left in her cart: this one buys one thing.
    await call('DELETE', '/cart/clear', token);
    await logIn(page, DEMO.email, DEMO.password, '/orders');
    const main = page.locator('main');
    // The seed's unpaid lamp order is hers to act on while it waits (its window is the shop's 30 minutes
    // from the start of the run; past it the expiry job cancels it).
    const lamp = page.getByRole('article').filter({ hasText: 'Rattan Table Lamp' }).first();
    await lamp.waitFor();
    if ((await lamp.locator('[data-order-status]').getAttribute('data-order-status')) === 'Pending') {
      await lamp.getByRole('button', { name: 'Pay now' }).waitFor();
      await lamp.getByRole('button', { name: 'Delete order' }).waitFor();
    }

    const list = await call<ProductList>('GET', '/products?limit=100');
    const item = list.products.find((p) => p.countInStock >= 10)!;
    const placeAndPay = async (card: string) => {
      await call('POST', '/cart/add', token, { productId: item._id, quantity: 1 });
      await page.goto('/cart/checkout');
      await main.getByRole('heading', { name: 'Billing Details' }).waitFor();
      await main.getByText(item.name).first().waitFor();
      await main.getByRole('button', { name: 'Place order' }).click();
      return payInSandbox(page, card);
    };

    const declined = await placeAndPay('4000 0000 0000 0002');
    await declined.getByText('Your card was declined by the bank. Try another card.').waitFor();
    await declined.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => url.pathname === '/orders');
    await page.locator('article').first().getByText('Awaiting payment').waitFor();

    // Not at the unpaid-order cap: she can place a new order and pay it with the good card.
    await placeAndPay('4111 1111 1111 1111');
    await toast(page, PAID);
    await page.waitForURL((url) => url.pathname === '/orders');
    const paid = page.locator('article').first();
    await paid.getByText('Processing').waitFor();
    await paid.getByText(item.name, { exact: true }).first().waitFor();
    // The declined order still waits, payable and deletable.
    const waiting = page.locator('article').nth(1);
    await waiting.getByText('Awaiting payment').waitFor();
    await waiting.getByRole('button', { name: 'Pay now' }).waitFor();
    await waiting.getByRole('button', { name: 'Delete order' }).waitFor();
  });
});
