import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { insertCategories } from '../../../test/fixtures/products';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { pngPicture } from '../../../test/images';
import { type FilePart, multipartEntries } from '../../../test/multipart';
import { products } from '../../db/schema/catalogue';

describe('a product’s HSN code and GST rate', () => {
  let t: TestApp;
  let admin: Account;
  let picture: FilePart;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t, 'admin@example.com', { admin: true });
    await insertCategories(t.db, [['Home', 'Lighting']]);
    picture = await pngPicture(100, 100, '#2563eb');
  });
  afterAll(async () => t?.close());

  const send = async (method: 'POST' | 'PUT', url: string, fields: Record<string, string>) => {
    const entries: (readonly [string, string | FilePart])[] = [
      ['name', 'Brass lamp'],
      ['category', 'Home'],
      ['price', '1180'],
      ['description', 'A lamp.'],
      ...Object.entries(fields),
      ...(method === 'POST' ? [['productImages', picture] as const] : []),
    ];
    const body = await multipartEntries(entries);
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...admin.auth } });
  };

  it('are saved from the form (rate in percent, kept in basis points) and shown on the edit form', async () => {
    const created = await send('POST', '/api/products', { hsn: '9405', gstRate: '12' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().product._id;
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ hsn: '9405', gstRateBp: 1200 });
    const edited = await send('PUT', `/api/products/${id}`, { hsn: '94051000', gstRate: '0.25' });
    expect(edited.statusCode, edited.body).toBe(200);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/${id}`,
      headers: admin.auth,
    });
    expect(shown.json().product).toMatchObject({ hsn: '94051000', gstRate: 0.25 });
    // Left out on edit: unchanged; empty HSN: none.
    await send('PUT', `/api/products/${id}`, { hsn: '' });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/${id}`,
      headers: admin.auth,
    });
    expect(again.json().product).toMatchObject({ hsn: null, gstRate: 0.25 });
    // Shoppers' replies carry neither.
    const shopper = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(JSON.stringify(shopper.json())).not.toContain('gstRate');
  });

  it('refuses an HSN code or a rate that is not one, naming the field', async () => {
    for (const [fields, field, message] of [
      [{ hsn: '94051' }, 'hsn', 'HSN code is 4, 6 or 8 digits'],
      [{ hsn: '94O5' }, 'hsn', 'HSN code is 4, 6 or 8 digits'],
      [{ gstRate: '101' }, 'gstRate', 'GST rate must be 0 to 100%'],
      [{ gstRate: '-1' }, 'gstRate', 'GST rate must be 0 to 100%'],
      [{ gstRate: '0.125' }, 'gstRate', 'GST rate has at most 2 decimals'],
      [{ gstRate: 'eighteen' }, 'gstRate', 'GST rate must be a number'],
    ] as const) {
      const res = await send('POST', '/api/products', fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
  });
});
