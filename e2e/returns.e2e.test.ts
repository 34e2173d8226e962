import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';
import { accessibilityProblems, logIn, toast } from './journey';

const baseUrl = inject('baseUrl');
const ADMIN = { email: 'admin@bazaar.local', password: 'Admin@12345' };
const PASSWORD = 'sunrise42';

async function call<T>(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A new shopper's paid order of 2 units of one product, placed and paid in the sandbox as their phone would. */
async function paidOrder(email: string): Promise<{ orderId: string; orderNumber: string; product: string }> {
  const { token } = await call<{ token: string }>('/users/register', {
    method: 'POST',
    body: { name: 'Kavya Iyer', email, password: PASSWORD, phoneNumber: '9876500011' },
  });
  const list = await call<{ products: { _id: string; name: string; countInStock: number }[] }>(
    '/products?limit=50',
  );
  const product = list.products.find((p) => p.countInStock >= 5)!;
  await call('/cart/add', { method: 'POST', token, body: { productId: product._id, quantity: 2 } });
  const placed = await call<{ orderId: string; orderNumber: string; razorpayOrderId: string }>('/orders', {
    method: 'POST',
    token,
    body: {
      name: 'Kavya Iyer',
      email,
      phone: '9876500011',
      shippingAddress: {
        street: '4 Residency Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        country: 'India',
        pinCode: '560025',
      },
    },
  });
  const paid = await call<{
    razorpay_payment_id: string;
    razorpay_signature: string;
    razorpay_order_id: string;
  }>('/payments/sandbox/pay', {
    method: 'POST',
    body: { orderId: placed.razorpayOrderId, cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' },
  });
  await call('/orders/verify', {
    method: 'POST',
    token,
    body: {
      orderId: placed.orderId,
      paymentId: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
      razorpayOrderId: paid.razorpay_order_id,
    },
  });
  return { orderId: placed.orderId, orderNumber: placed.orderNumber, product: product.name };
}

describeInBrowser('returns after delivery', () => {
  let browser: Browser;
  let admin: Page;
  let shopper: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('admin ships and delivers → the shopper returns one item → admin approves, receives and refunds → the shopper sees the refund', async () => {
    const email = `kavya-${randomUUID().slice(0, 8)}@example.com`;
    const { orderId, product } = await paidOrder(email);

    admin = await newPage(browser, baseUrl);
    await logIn(admin, ADMIN.email, ADMIN.password, '/');
    await admin.goto(`/admin/orders/order/${orderId}`);
    const ship = admin.getByRole('form', { name: 'Ship this order' });
    await ship.getByLabel('Carrier', { exact: true }).selectOption({ label: 'Delhivery' });
    await ship.getByLabel('Tracking number').fill('DL9988776655');
    await ship.getByRole('button', { name: 'Ship order' }).click();
    await toast(admin, 'Order shipped');
    await admin.getByRole('button', { name: 'Mark as Delivered' }).click();
    await toast(admin, 'Marked as delivered.');

    shopper = await newPage(browser, baseUrl);
    await logIn(shopper, email, PASSWORD, `/orders/${orderId}`);
    await shopper.locator('[data-order-status="Delivered"]').waitFor();
    await shopper.getByText(/^Returns accepted until /).waitFor();
    await shopper.getByRole('button', { name: 'Return items' }).click();
    const form = shopper.getByRole('form', { name: 'Return items' });
    await form.getByLabel(`Quantity of ${product}`).selectOption('1');
    await form.getByLabel(`Why are you returning ${product}?`).fill('Arrived scratched');
    expect(await accessibilityProblems(shopper)).toEqual([]);
    await form.getByRole('button', { name: 'Request return' }).click();
    await toast(shopper, 'Return requested');
    await shopper.locator('[data-return-status="requested"]').waitFor();

    await admin.reload();
    const returns = admin.getByRole('region', { name: 'Returns' });
    await returns.getByText(`${product} × 1 — Arrived scratched`).waitFor();
    await returns.getByLabel(/Message to the customer/).fill('Please hand it to the Delhivery courier.');
    await returns.getByRole('button', { name: 'Approve' }).click();
    await toast(admin, 'Return approved');
    await returns.getByRole('button', { name: 'Mark received' }).click();
    await toast(admin, 'Goods received');
    await returns.getByRole('button', { name: 'Refund returned items' }).click();
    await toast(admin, 'Refund issued for the returned items.');
    await returns.locator('[data-return-status="refunded"]').waitFor();
    expect(await accessibilityProblems(admin)).toEqual([]);

    // The shopper sees it in My Returns and on the order: half the order's money back, processed.
    await shopper.goto('/orders?show=returns');
    await shopper.getByRole('heading', { name: 'My Returns', level: 1 }).waitFor();
    const card = shopper.locator('[data-return-status="refunded"]');
    await card.waitFor();
    await card.getByText('From the shop: Please hand it to the Delhivery courier.').waitFor();
    const refundText = (await card.locator('[data-return-refund]').textContent())!;
    expect(refundText).toMatch(/^Refund: ₹[\d,.]+$/);
    await shopper.goto(`/orders/${orderId}`);
    await shopper.locator('[data-refunds] [data-refund-status="processed"]').waitFor();
    await expect.poll(() => shopper.locator('[data-payment-status]').textContent()).toBe('Partly refunded');
  });
});
