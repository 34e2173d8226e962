import type { ImportEvent } from '@bazaar/shared';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import {
  insertVariantProduct,
  ledgerOf,
  stockMismatches,
  variantStock,
} from '../../../test/fixtures/inventory';
import { insertCategories } from '../../../test/fixtures/products';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { multipartBody } from '../../../test/multipart';
import { auditLog } from '../../db/schema/admin';
import { products, productVariants } from '../../db/schema/catalogue';

type Row = Record<string, string>;

describe('product import and export', () => {
  let t: TestApp;
  let admin: Account;
  let shopper: Account;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t, 'admin@example.com', { admin: true });
    shopper = await signUp(t, 'shopper@example.com');
    await insertCategories(t.db, [['Clothing', 'Men'], ['Footwear']]);
    await insertVariantProduct(
      t.db,
      { name: 'Linen Kurta', pricePaise: 129950, colours: ['red', 'blue'], sizes: ['M', 'L'] },
      { 'red/M': 3, 'red/L': 1, 'blue/M': 0, 'blue/L': 7 },
    );
    await insertVariantProduct(t.db, { name: 'Plain Tote', pricePaise: 49900 }, { default: 4 });
  });
  afterAll(() => t?.close());

  const exportCsv = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products/export.csv',
      headers: admin.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    return res.body;
  };
  const rowsOf = (csv: string): Row[] => parse(csv, { bom: true, columns: true }) as Row[];
  const csvOf = (rows: Row[]) => stringify(rows, { header: true, columns: Object.keys(rows[0]!) });
  const upload = async (csv: string | Buffer, auth = admin.auth) => {
    const body = await multipartBody({
      file: { data: Buffer.from(csv), filename: 'products.csv', type: 'text/csv' },
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });
  };
  const events = (body: string) =>
    body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as ImportEvent);
  const imported = async (csv: string) => {
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const all = events(res.body);
    return { last: all.at(-1)!, all };
  };
  const counts = async () => {
    const [row] = (
      (await t.db.execute(sql`select (select count(*) from products)::int as products,
        (select count(*) from product_variants)::int as variants, (select count(*) from inventory_ledger)::int as ledger,
        (select count(*) from audit_log where action = 'product.import')::int as imports`)) as unknown as {
        rows: Record<string, number>[];
      }
    ).rows;
    return row!;
  };

  it('exports one row a variant and imports it back unchanged', async () => {
    const csv = await exportCsv();
    const rows = rowsOf(csv);
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.colour === 'red' && r.size === 'M')).toMatchObject({
      name: 'Linen Kurta',
      price: '1299.50',
      stock: '3',
      category: 'Clothing',
      active: 'true',
    });
    const before = await counts();
    const { last } = await imported(csv);
    expect(last).toMatchObject({
      type: 'done',
      rows: 5,
      unchanged: 5,
      productsUpdated: 0,
      productsCreated: 0,
    });
    expect(await exportCsv()).toBe(csv);
    expect(await counts()).toEqual({ ...before, imports: before.imports! + 1 });
  });

  it('refuses a file with bad rows, naming each line, and writes nothing', async () => {
    const rows = rowsOf(await exportCsv());
    const bad = [
      { ...rows[0]!, price: '1,299' },
      { ...rows[1]!, stock: '-2' },
      { ...rows[2]!, sku: 'NEW-1', product_sku: 'NEW', category: 'Toys', colour: '', size: '' },
      { ...rows[3]!, sku: rows[0]!.sku! },
      { ...rows[4]!, stock: '9' },
    ];
    const before = await counts();
    const res = await upload(csvOf(bad));
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; fields: Record<string, string> };
    expect(body.message).toBe('Nothing was imported: 4 lines need fixing');
    expect(body.fields['line 2']).toBe('Price must be in rupees, like 1299 or 1299.50');
    expect(body.fields['line 3']).toBe('Stock must be a whole number from 0 to 1000000');
    expect(body.fields['line 4']).toBe('category "Toys" is not one of the shop\'s categories');
    expect(body.fields['line 5']).toContain('is also on line 2');
    expect(await counts()).toEqual(before);
  });

  it('refuses a wrong header, a file that is not text, other types and big files with a 4xx', async () => {
    const missing = await upload('sku,stock\nA,1\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields['line 1']).toMatch(
      /^The header line must name the export's columns: missing product_sku/,
    );
    expect((await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]))).json().fields['line 1']).toBe(
      'This is not a text file; export a CSV file',
    );
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      payload: { file: 'x' },
      headers: admin.auth,
    });
    expect(json.statusCode).toBe(415);
    const big = await upload(Buffer.alloc(21 * 1024 * 1024, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file must be at most 20 MB.');
    expect((await upload('x', shopper.auth)).statusCode).toBe(403);
  });

  it('updates variants by SKU and creates new products, stock moved through the ledger', async () => {
    const rows = rowsOf(await exportCsv());
    const redM = rows.find((r) => r.colour === 'red' && r.size === 'M')!;
    const tote = rows.find((r) => r.name === 'Plain Tote')!;
    const changed = rows.map((r) =>
      r.sku === redM.sku
        ? { ...r, stock: '10', variant_price: '1499' }
        : r.sku === tote.sku
          ? { ...r, stock: '0' }
          : r,
    );
    const shoe = {
      ...tote,
      product_sku: 'RUN-1',
      name: 'Road Runner',
      description: 'Light running shoes',
      brand: 'Acme',
      category: 'footwear',
      price: '2499.99',
      discount: '10',
      tags: 'running|sport',
    };
    changed.push(
      { ...shoe, sku: 'RUN-1-8', size: '8', stock: '5' },
      { ...shoe, sku: 'RUN-1-9', size: '9', stock: '2', active: 'false' },
    );
    const { last, all } = await imported(csvOf(changed));
    expect(all.some((e) => e.type === 'progress' && e.phase === 'writing')).toBe(true);
    expect(last).toMatchObject({
      type: 'done',
      productsCreated: 1,
      variantsCreated: 2,
      variantsUpdated: 2,
      unchanged: 3,
    });

    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.sku, redM.sku!));
    expect(variant).toMatchObject({ stock: 10, pricePaise: 149900 });
    const [shoeRow] = await t.db.select().from(products).where(eq(products.sku, 'RUN-1'));
    expect(shoeRow).toMatchObject({
      name: 'Road Runner',
      category: 'Footwear',
      pricePaise: 249999,
      discount: 10,
      brand: 'Acme',
      tags: ['running', 'sport'],
      sizes: ['8', '9'],
      countInStock: 5,
    });
    expect(await variantStock(t.db, shoeRow!.id)).toEqual({ '8': 5, '9': 2 });
    const shoeVariants = await t.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, shoeRow!.id));
    expect(shoeVariants.map((v) => [v.sku, v.active]).sort()).toEqual([
      ['RUN-1-8', true],
      ['RUN-1-9', false],
    ]);
    expect((await ledgerOf(t.db, shoeRow!.id)).map((l) => [l.variant, l.change, l.reason])).toEqual([
      ['8', 5, 'import'],
      ['9', 2, 'import'],
    ]);
    expect(await stockMismatches(t.db)).toEqual([]);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'product.import'))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(entry).toMatchObject({ actorEmail: 'admin@example.com', entity: 'product' });
    expect(entry!.summary).toContain('1 products created');

    // The storefront shows the new product.
    const list = await t.app.inject({ method: 'GET', url: '/api/products?search=road%20runner' });
    expect(list.json().products.map((p: { name: string }) => p.name)).toEqual(['Road Runner']);
  });

  it('refuses an image URL on this machine and names its line, writing nothing', async () => {
    const rows = rowsOf(await exportCsv());
    const before = await counts();
    const withImage = rows.map((r, i) => (i === 1 ? { ...r, image: 'http://127.0.0.1:9/shirt.png' } : r));
    const { last } = await imported(csvOf(withImage));
    expect(last).toEqual({
      type: 'refused',
      message: 'An image could not be used; nothing was imported',
      problems: [
        { line: 3, message: 'Image http://127.0.0.1:9/shirt.png: its address is not on the public internet' },
      ],
    });
    expect(await counts()).toEqual(before);
  });

  it('gives an existing product the new colour a file names: one new variant, in its place, the rest as they were', async () => {
    const cap = await insertVariantProduct(
      t.db,
      { name: 'Wool Cap', pricePaise: 59_900, sku: 'CAP', colours: ['Red'], sizes: ['S', 'M'] } as never,
      { 'Red/S': 2, 'Red/M': 1 },
    );
    const rows = rowsOf(await exportCsv()).filter((r) => r.product_sku === 'CAP');
    expect(rows.map((r) => r.sku)).toEqual(['CAP-RED-S', 'CAP-RED-M']);
    const file = [...rows, { ...rows[1]!, sku: 'CAP-BLUE-M', colour: 'blue', stock: '6', active: 'true' }];
    const { last } = await imported(csvOf(file));
    expect(last).toMatchObject({ type: 'done', productsUpdated: 1, variantsCreated: 1, unchanged: 2 });
    const variants = await t.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, cap))
      .orderBy(productVariants.position);
    expect(variants.map((v) => [v.sku, v.colour, v.size, v.position, v.stock, v.active])).toEqual([
      ['CAP-RED-S', 'Red', 'S', 0, 2, true],
      ['CAP-RED-M', 'Red', 'M', 1, 1, true],
      ['CAP-BLUE-M', 'blue', 'M', 3, 6, true],
    ]);
    const [row] = await t.db.select().from(products).where(eq(products.id, cap));
    expect(row).toMatchObject({ colours: ['Red', 'blue'], sizes: ['S', 'M'], countInStock: 9 });
    expect((await ledgerOf(t.db, cap)).filter((l) => l.reason === 'import')).toEqual([
      expect.objectContaining({ variant: 'blue/M', change: 6, resultingStock: 6 }),
    ]);
    expect(await stockMismatches(t.db)).toEqual([]);
  });
});
