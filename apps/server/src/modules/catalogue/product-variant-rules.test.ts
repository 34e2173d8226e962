import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ledgerOf, stockMismatches, variantStock, variantsOf } from '../../../test/fixtures/inventory';
import { insertCategories } from '../../../test/fixtures/products';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { multipartEntries } from '../../../test/multipart';
import { products, productVariants } from '../../db/schema/catalogue';

// The product form's edits against a product whose stock is kept per variant (issue 23): colours and
// sizes may change without touching the existing variants, and one stock figure is not spread over many.

describe('product edits and their variants', () => {
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t, 'admin@example.com', { admin: true });
    await insertCategories(t.db, [['Fashion', 'Men']]);
  });
  afterAll(async () => t?.close());

  const send = async (method: 'POST' | 'PUT', url: string, entries: [string, string][]) => {
    const body = await multipartEntries(entries);
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...admin.auth } });
  };
  const create = async (sku: string, lists: [string, string][], stock: string) => {
    const res = await send('POST', '/api/products', [
      ['name', 'Linen Kurta'],
      ['category', 'Fashion'],
      ['sku', sku],
      ['price', '1299'],
      ['countInStock', stock],
      ['description', 'A breezy linen kurta.'],
      ...lists,
    ]);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { product: { _id: string } }).product._id;
  };
  const edit = (id: string, entries: [string, string][]) =>
    send('PUT', `/api/products/${id}`, [
      ['name', 'Linen Kurta'],
      ['category', 'Fashion'],
      ['price', '1299'],
      ...entries,
    ]);

  it('keeps each existing variant’s switch, SKU, stock and price when colours or sizes change; new ones get defaults', async () => {
    const id = await create(
      'KEEP',
      [
        ['colours[]', 'Red'],
        ['colours[]', 'Blue'],
        ['sizes[]', 'S'],
        ['sizes[]', 'M'],
      ],
      '8',
    );
    // The admin switches Red/M off, prices Blue/S and renames its SKU in the matrix.
    const before = await variantsOf(t.db, id);
    const redM = before.find((v) => v.colour === 'red' && v.size === 'M')!;
    const blueS = before.find((v) => v.colour === 'blue' && v.size === 'S')!;
    const matrix = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${id}/variants`,
      headers: admin.auth,
      payload: {
        variants: [
          { id: redM.id, active: false },
          { id: blueS.id, sku: 'KEEP-BLUE-SMALL', pricePaise: 149_900, stock: 5 },
        ],
      },
    });
    expect(matrix.statusCode, matrix.body).toBe(200);
    const stockBefore = await variantStock(t.db, id);
    const ledgerBefore = (await ledgerOf(t.db, id)).length;

    // The product form adds a size and a colour.
    const res = await edit(id, [
      ['colours', 'Red,Blue,Green'],
      ['sizes', 'S,M,L'],
    ]);
    expect(res.statusCode, res.body).toBe(200);

    const after = await variantsOf(t.db, id);
    const find = (colour: string, size: string) => after.find((v) => v.colour === colour && v.size === size)!;
    expect(find('red', 'M')).toMatchObject({ id: redM.id, active: false, sku: redM.sku, stock: redM.stock });
    expect(find('blue', 'S')).toMatchObject({
      active: true,
      sku: 'KEEP-BLUE-SMALL',
      pricePaise: 149_900,
      stock: 5,
    });
    for (const [key, units] of Object.entries(stockBefore))
      expect((await variantStock(t.db, id))[key]).toBe(units);
    expect(find('green', 'L')).toMatchObject({ active: true, stock: 0, pricePaise: null });
    expect(find('red', 'L')).toMatchObject({ active: true, stock: 0 });
    expect(after).toHaveLength(9);
    // No stock moved: no ledger rows, and the product's figure is its active variants' sum.
    expect(await ledgerOf(t.db, id)).toHaveLength(ledgerBefore);
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    const activeSum = after.filter((v) => v.active).reduce((n, v) => n + v.stock, 0);
    expect(row!.countInStock).toBe(activeSum);
    expect((res.json() as { product: { countInStock: number } }).product.countInStock).toBe(activeSum);
    expect(await stockMismatches(t.db)).toEqual([]);
  });

  it('refuses a product-level stock write for a product with several variants (409, nothing spread)', async () => {
    const id = await create(
      'MANY',
      [
        ['colours[]', 'Red'],
        ['sizes[]', 'S'],
        ['sizes[]', 'M'],
      ],
      '4',
    );
    const stock = await variantStock(t.db, id);
    const res = await edit(id, [['countInStock', '10']]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: expect.stringContaining('set their stock in the variant matrix'),
      fields: { countInStock: expect.any(String) },
    });
    expect(await variantStock(t.db, id)).toEqual(stock);
    // The figure it already has is no write: the spec's form may send it back unchanged.
    expect((await edit(id, [['countInStock', '4']])).statusCode).toBe(200);
  });

  it('still sets the stock of a product with one variant from the form', async () => {
    const id = await create('ONE', [], '3');
    const res = await edit(id, [['countInStock', '9']]);
    expect(res.statusCode, res.body).toBe(200);
    const [only] = await t.db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, id), eq(productVariants.active, true)));
    expect(only!.stock).toBe(9);
    expect(await stockMismatches(t.db)).toEqual([]);
  });
});
