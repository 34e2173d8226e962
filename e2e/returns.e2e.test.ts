import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { SHOPPER_PASSWORD as PASSWORD, paidOrder } from './after-sale-api';
import { describeInBrowser, launchBrowser, newPage } from './harness';
import { accessibilityProblems, logIn, toast } from './journey';

const baseUrl = inject('baseUrl');
const ADMIN = { email: 'admin@bazaar.local', password: 'Admin@12345' };

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
    const { orderId, product } = await paidOrder(baseUrl, email);

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
