import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { paidOrder, SHOPPER_PASSWORD } from './after-sale-api';
import { describeInBrowser, launchBrowser, newPage } from './harness';
import { accessibilityProblems, logIn, toast } from './journey';

const baseUrl = inject('baseUrl');
const ADMIN = { email: 'admin@bazaar.local', password: 'Admin@12345' };

/** The admin order screen's status badge (the list's select and the help texts aside). */
const adminStatus = (page: Page, status: string) =>
  page.locator('dd span', { hasText: new RegExp(`^${status}$`) }).waitFor();

describeInBrowser('after the sale: the admin cancels items, a return with its photo', () => {
  let browser: Browser;
  const pages: Page[] = [];
  const open = async () => {
    const page = await newPage(browser, baseUrl);
    pages.push(page);
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the admin cancels some units of a paid order with a reason, sees the refund, then the rest: the order is cancelled', async () => {
    const email = `nila-${randomUUID().slice(0, 8)}@example.com`;
    const { orderId, product } = await paidOrder(baseUrl, email, 3);
    const admin = await open();
    await logIn(admin, ADMIN.email, ADMIN.password, '/');
    await admin.goto(`/admin/orders/order/${orderId}`);
    await adminStatus(admin, 'Processing \\(paid, to ship\\)');

    const panel = admin.getByRole('region', { name: 'Cancel items' });
    await panel.getByRole('button', { name: 'Cancel items' }).click();
    const units = panel.getByLabel(`Units of ${product} to cancel`);
    expect(await units.locator('option').allTextContents()).toEqual(['0', '1', '2', '3']);
    await units.selectOption('1');
    await panel.getByLabel('Reason (the customer is told)').fill('One lamp was damaged in the store');
    expect(await accessibilityProblems(admin)).toEqual([]);
    await panel.getByRole('button', { name: 'Cancel the chosen items and refund' }).click();
    await toast(admin, '1 item cancelled. Refund: ₹');
    const result = panel.getByRole('status');
    await result.waitFor();
    const refund = Number(await result.getAttribute('data-cancel-refund'));
    expect(refund).toBeGreaterThan(0);
    expect(await result.textContent()).toMatch(/^Items cancelled; refund ₹[\d,.]+\.$/);
    // The refund is recorded, as a cancellation's, and the order stays to ship with two units left.
    const refunds = admin.getByRole('region', { name: 'Refunds' });
    await refunds.getByRole('listitem').filter({ hasText: '· cancellation ·' }).waitFor();
    await adminStatus(admin, 'Processing \\(paid, to ship\\)');
    await panel.getByRole('button', { name: 'Cancel items' }).click();
    expect(await units.locator('option').allTextContents()).toEqual(['0', '1', '2']);

    // The shopper sees the refund on the order.
    const shopper = await open();
    await logIn(shopper, email, SHOPPER_PASSWORD, `/orders/${orderId}`);
    await shopper.locator('[data-order-status="Processing"]').waitFor();
    await shopper.locator('[data-refunds] [data-refund-status]').first().waitFor();

    // The last two: every unit cancelled cancels the order.
    await units.selectOption('2');
    await panel.getByLabel('Reason (the customer is told)').fill('The customer asked by phone');
    await panel.getByRole('button', { name: 'Cancel the chosen items and refund' }).click();
    await toast(admin, 'Every item is cancelled, so the order is cancelled.');
    await adminStatus(admin, 'Cancelled');
    await expect.poll(() => refunds.getByRole('listitem').count()).toBe(2);
    await shopper.reload();
    await shopper.locator('[data-order-status="Cancelled"]').waitFor();
  });

  it('a shopper returns one item with a photo → the admin sees it, approves, receives: Partly returned; the rest → Returned → Refunded', async () => {
    const email = `tara-${randomUUID().slice(0, 8)}@example.com`;
    const { orderId, product } = await paidOrder(baseUrl, email, 2);
    const admin = await open();
    await logIn(admin, ADMIN.email, ADMIN.password, '/');
    await admin.goto(`/admin/orders/order/${orderId}`);
    const ship = admin.getByRole('form', { name: 'Ship this order' });
    await ship.getByLabel('Carrier', { exact: true }).selectOption({ label: 'Delhivery' });
    await ship.getByLabel('Tracking number').fill('DL1122334455');
    await ship.getByRole('button', { name: 'Ship order' }).click();
    await toast(admin, 'Order shipped');
    await admin.getByRole('button', { name: 'Mark as Delivered' }).click();
    await toast(admin, 'Marked as delivered.');

    const shopper = await open();
    await logIn(shopper, email, SHOPPER_PASSWORD, `/orders/${orderId}`);
    await shopper.locator('[data-order-status="Delivered"]').waitFor();
    await shopper.getByRole('button', { name: 'Return items' }).click();
    const photo = await sharp({
      create: { width: 120, height: 90, channels: 3, background: { r: 180, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    const input = shopper.getByLabel(/Photo of the item/);
    // A file that is no picture is refused in the form, before anything is sent.
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await shopper.getByRole('alert').filter({ hasText: '“notes.txt” is not a photo' }).waitFor();
    await input.setInputFiles({ name: 'scratch.png', mimeType: 'image/png', buffer: photo });
    await shopper.getByText(/^Photo: scratch\.png \(\d+ KB\)$/).waitFor();
    const form = shopper.getByRole('form', { name: 'Return items' });
    await form.getByLabel(`Quantity of ${product}`).selectOption('1');
    await form.getByLabel(`Why are you returning ${product}?`).fill('Scratched on the top');
    await form.getByRole('button', { name: 'Request return' }).click();
    await toast(shopper, 'Return requested');
    await shopper.locator('[data-return-status="requested"]').waitFor();

    // The admin sees the photo itself (the image loaded), approves and receives the goods.
    await admin.reload();
    const returns = admin.getByRole('region', { name: 'Returns' });
    const asked = returns.locator('[data-return-status="requested"]');
    await asked.getByText(`${product} × 1 — Scratched on the top`).waitFor();
    const image = asked.getByRole('img', { name: 'What the customer sent back, as they saw it' });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBe(120);
    await asked.getByRole('button', { name: 'Approve' }).click();
    await toast(admin, 'Return approved');
    await returns
      .locator('[data-return-status="approved"]')
      .getByRole('button', { name: 'Mark received' })
      .click();
    await toast(admin, 'Goods received');
    await admin.reload();
    await adminStatus(admin, 'Partly returned');
    await returns.getByRole('button', { name: 'Refund returned items' }).click();
    await toast(admin, 'Refund issued for the returned items.');
    await returns.locator('[data-return-status="refunded"]').waitFor();

    await shopper.reload();
    await shopper.locator('[data-order-status="Partly returned"]').waitFor();
    await shopper.locator('[data-refunds] [data-refund-status="processed"]').waitFor();
    expect(await accessibilityProblems(shopper)).toEqual([]);

    // The other unit comes back too: Returned at its receipt, Refunded with its refund.
    await shopper.getByRole('button', { name: 'Return items' }).click();
    await form.getByLabel(`Quantity of ${product}`).selectOption('1');
    await form.getByLabel(`Why are you returning ${product}?`).fill('The pair is not needed');
    await form.getByRole('button', { name: 'Request return' }).click();
    await toast(shopper, 'Return requested');
    await admin.reload();
    await returns
      .locator('[data-return-status="requested"]')
      .getByRole('button', { name: 'Approve' })
      .click();
    await toast(admin, 'Return approved');
    await returns
      .locator('[data-return-status="approved"]')
      .getByRole('button', { name: 'Mark received' })
      .click();
    await toast(admin, 'Goods received');
    await admin.reload();
    await adminStatus(admin, 'Returned');
    await returns
      .locator('[data-return-status="received"]')
      .getByRole('button', { name: 'Refund returned items' })
      .click();
    await toast(admin, 'Refund issued for the returned items.');
    await admin.reload();
    await adminStatus(admin, 'Refunded');

    await shopper.goto('/orders?show=returned');
    await shopper.getByRole('heading', { name: 'Returned Orders', level: 1 }).waitFor();
    await shopper.locator('[data-order-status="Refunded"]').first().waitFor();
    await shopper.goto(`/orders/${orderId}`);
    await shopper.locator('[data-order-status="Refunded"]').waitFor();
    await expect
      .poll(() => shopper.locator('[data-refunds] [data-refund-status="processed"]').count())
      .toBe(2);
  });
});
