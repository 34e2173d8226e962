import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';
import { accessibilityProblems, logIn, toast } from './journey';

const baseUrl = inject('baseUrl');
const ADMIN = { email: 'admin@bazaar.local', password: 'Admin@12345' };
const CUSTOMER = { email: 'customer@bazaar.local', password: 'Customer@12345' };

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

/** An unpaid order of a new shopper, placed through the API as their phone would, to `city`. */
async function placeUnpaidOrder(city: string): Promise<{ orderNumber: string; email: string }> {
  const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
  const auth = { authorization: `Bearer ${await register(email)}`, 'content-type': 'application/json' };
  const list = (await (await fetch(`${baseUrl}/api/products?limit=50`)).json()) as {
    products: { _id: string; countInStock: number }[];
  };
  const product = list.products.find((p) => p.countInStock >= 3)!;
  await fetch(`${baseUrl}/api/cart/add`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ productId: product._id, quantity: 1 }),
  });
  const placed = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      name: 'Meera Shah',
      email,
      phone: '9876500000',
      shippingAddress: {
        street: '8 College Road',
        city,
        state: 'Maharashtra',
        country: 'India',
        pinCode: '422005',
      },
    }),
  });
  expect(placed.status).toBe(201);
  return { orderNumber: ((await placed.json()) as { orderNumber: string }).orderNumber, email };
}

describeInBrowser('admin back office', () => {
  let browser: Browser;
  let page: Page;
  const productName = `Aurora Linen Kurta ${randomUUID().slice(0, 6)}`;
  const shopperEmail = `meera-${randomUUID().slice(0, 8)}@example.com`;
  const couponCode = `E2E-${randomUUID().slice(0, 6).toUpperCase()}`;

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

  it('shows the dashboard: compact figures with their links, the revenue chart and the last week’s orders', async () => {
    await page.getByRole('link', { name: 'Admin Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    const revenue = page.locator('p', { hasText: /^Revenue$/ }).locator('xpath=following-sibling::p[1]');
    expect(await revenue.textContent()).toMatch(/^₹\d+\.\d{2}(K|L|Cr)?$/);
    await page.getByRole('link', { name: 'Manage Orders' }).waitFor();
    await page.getByRole('link', { name: 'Manage Products' }).waitFor();
    // The chart comes in its own chunk and draws one bar per day.
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    const recent = page.getByRole('table', { name: 'Recent orders' });
    await recent.waitFor();
    const dates = await recent.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) expect(date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const totals = await recent.locator('tbody tr td:nth-child(4)').allTextContents();
    for (const total of totals) expect(total).toMatch(/^₹[\d,]+$/);
    expect(await accessibilityProblems(page)).toEqual([]);
    // A row opens its order.
    await recent.locator('tbody tr').first().locator('td').nth(1).click();
    await page.getByRole('heading', { name: 'Order Details' }).waitFor();
  });

  it('ships a paid order with its tracking: the shopper sees the link and the timeline, then it is delivered', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
    await page.getByText("Today's Orders").waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    // The demo's paid watch order, waiting to ship in Lucknow.
    await page.getByRole('searchbox', { name: /Search orders/ }).fill('Lucknow');
    const found = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Edit order/ }) });
    await expect.poll(() => found.count()).toBe(1);
    const orderId = (await found.getByRole('link').textContent())!;
    const row = page.getByRole('row').filter({ hasText: orderId });
    await row.getByRole('button', { name: /^Edit order/ }).click();
    const status = row.getByLabel(/^Order Status of order/);
    expect(await status.inputValue()).toBe('Processing');
    // Only the lifecycle's next moves are offered.
    expect(await status.locator('option:not([disabled])').allTextContents()).toEqual([
      'Pending (awaiting payment)',
      'Processing (paid, to ship)',
      'Shipped',
      'Cancelled',
    ]);
    // Shipped needs its tracking: the list refuses and says where to record it.
    await status.selectOption('Shipped');
    await row.getByRole('button', { name: 'Update', exact: true }).click();
    await toast(page, 'Record the shipment first');
    await row.getByRole('link').click();
    await page.getByRole('heading', { name: 'Order Details' }).waitFor();
    const ship = page.getByRole('form', { name: 'Ship this order' });
    await ship.getByLabel('Carrier', { exact: true }).selectOption({ label: 'Delhivery' });
    await ship.getByLabel('Tracking number').fill('DL4455667788');
    await ship.getByRole('button', { name: 'Ship order' }).click();
    await toast(page, 'Order shipped');
    await page.getByRole('link', { name: 'DL4455667788' }).waitFor();
    await page
      .getByText(/Processing \(paid, to ship\) → Shipped · .* · Bazaar Admin \(admin@bazaar\.local\)/)
      .waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);

    // The shopper who placed it sees the carrier's link in My Orders and the timeline on the order's page.
    const fullId = page.url().split('/').pop()!;
    const shopper = await newPage(browser, baseUrl);
    try {
      await logIn(shopper, CUSTOMER.email, CUSTOMER.password, '/orders');
      const number = fullId.replace(/-/g, '').slice(0, 8).toUpperCase();
      const card = shopper.getByRole('article', { name: `Order #${number}` });
      await card.waitFor();
      expect(await card.locator('[data-order-status]').getAttribute('data-order-status')).toBe('Shipped');
      const link = card.locator('[data-tracking-link]');
      expect(await link.getAttribute('href')).toBe('https://www.delhivery.com/track/package/DL4455667788');
      await card.getByRole('link', { name: /^Track Package/ }).click();
      await shopper.waitForURL((url) => url.pathname === `/orders/${fullId}` && url.hash === '#timeline');
      await shopper.getByRole('heading', { name: `Order #${number}`, level: 1 }).waitFor();
      const timeline = shopper.locator('#timeline');
      await timeline.locator('[data-timeline-step="Shipped"]').waitFor();
      await timeline.getByRole('link', { name: 'Track with Delhivery' }).waitFor();
      expect(await accessibilityProblems(shopper)).toEqual([]);

      // Delivered: the admin marks it, and the shopper's timeline shows it.
      await page.getByRole('button', { name: 'Mark as Delivered' }).click();
      await toast(page, 'Marked as delivered.');
      await shopper.reload();
      await shopper.locator('#timeline [data-timeline-step="Delivered"]').waitFor();
    } finally {
      await shopper.context().close();
    }
  });

  it('refunds the shopper who cancels a paid order that has not shipped', async () => {
    const shopper = await newPage(browser, baseUrl);
    try {
      await logIn(shopper, CUSTOMER.email, CUSTOMER.password, '/orders');
      // The demo's other paid order, waiting to ship: the pillows.
      const card = shopper.getByRole('article').filter({ hasText: 'Memory Foam Pillow' });
      await card.getByRole('link', { name: /^View Details/ }).click();
      await shopper.getByRole('button', { name: 'Cancel order' }).waitFor();
      shopper.once('dialog', (dialog) => dialog.accept('Ordered by mistake'));
      await shopper.getByRole('button', { name: 'Cancel order' }).click();
      await toast(shopper, 'Order cancelled: your refund is on its way.');
      await shopper.locator('[data-order-status="Cancelled"]').waitFor();
      await shopper.locator('[data-refunds] [data-refund-status="processed"]').waitFor();
      await expect.poll(() => shopper.locator('[data-payment-status]').textContent()).toBe('Refunded');
      // Cancellations lists it.
      await shopper.goto('/orders?show=cancelled');
      await shopper.getByRole('heading', { name: 'Cancellations' }).waitFor();
      await shopper.getByRole('article').filter({ hasText: 'Memory Foam Pillow' }).waitFor();
    } finally {
      await shopper.context().close();
    }
  });

  it('exports the listed orders as CSV', async () => {
    await page.getByRole('link', { name: '← All orders' }).click();
    await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
    await page.getByLabel('Show').selectOption('Shipped');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await file.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    });
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^"order_id","placed_on","status"/);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes('"Shipped"'))).toBe(true);
    await page.getByLabel('Show').selectOption('all');
  });

  it('marks an unpaid order paid, then unpaid again, after confirming', async () => {
    // A shopper's order to Nashik, awaiting payment (the demo customer's own stay hers to pay or delete).
    await placeUnpaidOrder('Nashik');
    await page.reload();
    await page.getByRole('searchbox', { name: /Search orders/ }).fill('Nashik');
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Edit order/ }) });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('link').click();
    await page.getByRole('heading', { name: 'Order Details' }).waitFor();
    await page.getByText('Not Paid', { exact: true }).waitFor();
    const questions: string[] = [];
    page.on('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Mark as Paid' }).click();
    await toast(page, 'Payment Status Updated Successfully');
    await page.getByText('Paid', { exact: true }).waitFor();
    await page.getByText(/Recorded by an admin: ₹[\d,]+\.\d{2}, captured/).waitFor();
    await page.getByRole('button', { name: 'Mark as Unpaid' }).click();
    await page.getByText('Not Paid', { exact: true }).waitFor();
    await page.getByText(/Recorded by an admin: ₹[\d,]+\.\d{2}, voided/).waitFor();
    expect(questions).toEqual([
      'Are you sure you want to mark this order as paid?',
      'Are you sure you want to mark this order as unpaid?',
    ]);
    page.removeAllListeners('dialog');
  });

  it('lists unpaid holds, who holds how many until when, and releases one after confirming', async () => {
    // A shopper's unpaid order, placed through the API as their phone would.
    const holder = `holder-${randomUUID().slice(0, 8)}@example.com`;
    const token = await register(holder);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const list = (await (await fetch(`${baseUrl}/api/products?limit=50`)).json()) as {
      products: { _id: string; name: string; countInStock: number }[];
    };
    const product = list.products.find((p) => p.countInStock >= 3)!;
    await fetch(`${baseUrl}/api/cart/add`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ productId: product._id, quantity: 2 }),
    });
    const placed = await fetch(`${baseUrl}/api/orders`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        name: 'Meera Shah',
        email: 'holder@example.com',
        phone: '9876500000',
        shippingAddress: {
          street: '4 Hill Road',
          city: 'Mumbai',
          state: 'Maharashtra',
          country: 'India',
          pinCode: '400050',
        },
      }),
    });
    expect(placed.status).toBe(201);
    const { orderNumber } = (await placed.json()) as { orderNumber: string };

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Unpaid holds' }).click();
    await page.getByRole('heading', { name: 'Unpaid holds' }).waitFor();
    const section = page.getByRole('region', { name: product.name, exact: true });
    const row = section.getByRole('row').filter({ hasText: `#${orderNumber}` });
    await row.getByText(holder).waitFor();
    await row.getByRole('cell', { name: '2', exact: true }).waitFor();
    await row.getByText(/^in \d+ min$/).waitFor();
    // The Nashik order, marked unpaid by hand above, waits for an admin rather than a deadline.
    await page.getByText('Waits for an admin').first().waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);

    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await row.getByRole('button', { name: new RegExp(`^Release order #${orderNumber}`) }).click();
    await toast(page, 'Released 1 unpaid order; the stock is back on sale.');
    expect(questions[0]).toMatch(
      new RegExp(`^Release this hold\\? Order #${orderNumber} of .+ will be cancelled`),
    );
    await expect.poll(() => page.getByText(`#${orderNumber}`).count()).toBe(0);
  });

  it('creates a coupon, edits it inline in the 400 px scrolling table; a shopper applies it in their cart', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Coupons' }).click();
    await page.getByRole('heading', { name: 'Coupons', exact: true }).waitFor();
    const form = page.getByRole('form', { name: 'Create Coupon' });
    await form.getByRole('button', { name: 'Create Coupon' }).click();
    await form.getByText('Coupon code is required').waitFor();
    await form.getByLabel('Coupon Code *').fill(couponCode.toLowerCase());
    await form.getByLabel('Discount (%) *').fill('101');
    await form.getByLabel('Usage Limit *').fill('5');
    await form.getByRole('button', { name: 'Create Coupon' }).click();
    await form.getByText('Discount must be 1 to 100').waitFor();
    await form.getByLabel('Discount (%) *').fill('15');
    await form.getByRole('button', { name: 'Create Coupon' }).click();
    await toast(page, 'Coupon created successfully!');

    const table = page.getByRole('region', { name: 'Existing coupons' });
    expect(await table.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('400px');
    const row = table.getByRole('row').filter({ hasText: couponCode });
    await row.waitFor();
    expect(await row.locator('td').allTextContents()).toEqual([couponCode, '15%', 'Never', '5', '0', '']);
    expect(await accessibilityProblems(page)).toEqual([]);

    await row.getByRole('button', { name: `Edit ${couponCode}` }).click();
    const editing = table.getByRole('row').filter({ has: page.getByLabel(`Discount of ${couponCode}`) });
    await editing.getByLabel(`Discount of ${couponCode}`).fill('20');
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to update this coupon?');
      void dialog.accept();
    });
    await editing.getByRole('button', { name: 'Update', exact: true }).click();
    await toast(page, 'Coupon updated successfully!');
    await expect.poll(() => row.locator('td').nth(1).textContent()).toBe('20%');
    // The code works at the shop's own checkout rules: upper-cased, looked up in any case.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await fetch(`${baseUrl}/api/coupons/get-coupons?search=${couponCode.toLowerCase()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { coupons: { code: string; discount: number; usedCount: number }[] };
    expect(body.coupons).toEqual([expect.objectContaining({ code: couponCode, discount: 20, usedCount: 0 })]);

    // A shopper applies it in their cart, typed in lower case.
    const shopperToken = await register(`coupon-${randomUUID().slice(0, 8)}@example.com`);
    const list = (await (
      await fetch(`${baseUrl}/api/products?limit=1&sort=price-high&inStock=true`)
    ).json()) as {
      products: { _id: string }[];
    };
    const added = await fetch(`${baseUrl}/api/cart/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shopperToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: list.products[0]!._id, quantity: 1 }),
    });
    expect(added.status).toBe(200);
    const shopper = await newPage(browser, baseUrl);
    await shopper.goto('/');
    await shopper.evaluate((t) => localStorage.setItem('token', t), shopperToken);
    await shopper.goto('/cart');
    const main = shopper.locator('main');
    await main.getByLabel('Coupon code').fill(couponCode.toLowerCase());
    await main.getByRole('button', { name: 'Apply Coupon' }).click();
    await toast(shopper, 'Coupon code applied');
    const box = main.getByRole('region', { name: 'Cart Total' });
    await box.getByText('Coupon code applied').waitFor();
    await box.getByText('-20%').waitFor();
    await shopper.context().close();
  });

  it('shows the shop settings and the audit log of these changes, both accessible', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Shop' }).click();
    await page.getByRole('heading', { name: 'Shop Settings' }).waitFor();
    await page.getByLabel('Shop Name').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: new RegExp(`${productName}: Price 1299 → 999`) }).waitFor();
    await page.getByRole('cell', { name: `${shopperEmail}: user → admin` }).waitFor();
    await page.getByRole('cell', { name: /^Order #[0-9a-f]{8}: Processing → Shipped$/ }).waitFor();
    await page.getByRole('cell', { name: new RegExp(`^Coupon ${couponCode}: discount 15 → 20$`) }).waitFor();
    await page.getByRole('cell', { name: /^Released the unpaid order #[0-9A-F]{8} of / }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('lists messages to shoppers in the Outbox and sends a test message to a typed number, accessible', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Outbox' }).click();
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    // No WhatsApp account in the test shop: the local log records messages without sending them.
    await page.getByText('recorded here, not sent', { exact: false }).waitFor();
    const phone = page.getByLabel('Mobile number');
    await phone.fill('022 2345 6789');
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText('Enter a 10-digit Indian mobile number', { exact: false }).waitFor();
    await phone.fill('+91 98765 43210');
    await page.getByRole('button', { name: 'Send test' }).click();
    await toast(page, 'Test message queued to +919876543210');
    // Delivered right after its transaction committed; the list shows it once read again.
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: '+919876543210' }).first();
    await row.getByText('Sent', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('via log');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('sends an admin demoted while using the admin area home with the toast, still signed in', async () => {
    const promoted = await newPage(browser, baseUrl);
    await logIn(promoted, shopperEmail, 'sunrise42', '/');
    await promoted.goto('/admin/orders');
    await promoted.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
    const adminToken = await page.evaluate(() => localStorage.getItem('token'));
    const users = (await (
      await fetch(`${baseUrl}/api/users/all?search=${encodeURIComponent(shopperEmail)}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json()) as { adminUsers: { _id: string }[] };
    const demoted = await fetch(`${baseUrl}/api/users/update/${users.adminUsers[0]!._id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ newStatus: 'user' }),
    });
    expect(demoted.status).toBe(200);
    // The next admin request is refused with 403: the admin area closes, the session stays.
    await promoted.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Coupons' }).click();
    await toast(promoted, 'You are not an admin');
    await promoted.waitForURL((url) => url.pathname === '/');
    expect(await promoted.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    expect(await promoted.getByText('Session expired', { exact: false }).count()).toBe(0);
    await promoted.context().close();
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
