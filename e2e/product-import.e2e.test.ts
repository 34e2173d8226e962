import { PRODUCT_CSV_COLUMNS } from '@bazaar/shared/schemas/product-import';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeInBrowser, launchBrowser, newPage } from './harness';
import { hydrated, logIn } from './journey';

const baseUrl = inject('baseUrl');
const ADMIN = { email: 'admin@bazaar.local', password: 'Admin@12345' };

/** A products file with one new product in two sizes; `price` of the second row as given. */
function productsCsv(secondPrice: string): string {
  const base: Record<string, string> = {
    product_sku: 'E2E-KURTA',
    name: 'Imported Chikankari Kurta',
    description: 'Hand-embroidered cotton kurta, imported from a CSV file',
    brand: 'Lucknow Looms',
    category: "Woman's Fashion",
    sub_category: 'Clothing',
    option: 'Ethnic Wear',
    sub_option: 'Kurtas',
    price: '1899',
    discount: '10',
    hsn: '6211',
    gst_rate: '12',
    material: 'Cotton',
    made_in: 'India',
    seller: 'Bazaar',
    tags: 'ethnic|summer',
    featured: 'false',
    colour: 'white',
    variant_price: '',
    image: '',
    active: 'true',
  };
  const rows: Record<string, string>[] = [
    { ...base, sku: 'E2E-KURTA-WHITE-M', size: 'M', stock: '4' },
    { ...base, sku: 'E2E-KURTA-WHITE-L', size: 'L', stock: '2', price: secondPrice },
  ];
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [
    PRODUCT_CSV_COLUMNS.join(','),
    ...rows.map((r) => PRODUCT_CSV_COLUMNS.map((c) => cell(r[c]!)).join(',')),
  ].join('\n');
}

describeInBrowser('an admin imports products from a CSV file', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const upload = async (csv: string) => {
    const main = page.locator('main');
    await main.getByLabel('Products CSV file').setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await main.getByRole('button', { name: 'Import', exact: true }).click();
  };

  it('is told the line of a bad row, then imports a good file, and shoppers see the product', async () => {
    await logIn(page, ADMIN.email, ADMIN.password, '/');
    await page.goto('/admin/products');
    await page.locator('main').getByRole('link', { name: 'Import / Export' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/products/import');

    // Line 3 (the second product row) has a price with a thousands separator: nothing is imported.
    await upload(productsCsv('1,899'));
    const problems = page.locator('main').getByRole('list', { name: 'Lines of the file that are not valid' });
    await problems.waitFor();
    expect(await problems.textContent()).toContain('Line 3: Price must be in rupees, like 1299 or 1299.50');
    const none = await fetch(`${baseUrl}/api/products?search=${encodeURIComponent('Imported Chikankari')}`);
    expect(((await none.json()) as { products: unknown[] }).products).toEqual([]);

    await upload(productsCsv('1899'));
    const status = page.locator('main').getByRole('status');
    await status.filter({ hasText: 'Imported 2 rows.' }).waitFor();
    expect(await status.textContent()).toContain('Products: 1 created');

    await page.goto(`/search?q=${encodeURIComponent('Imported Chikankari Kurta')}`);
    await hydrated(page);
    await page.locator('main').getByText('Imported Chikankari Kurta').first().waitFor();
  });
});
