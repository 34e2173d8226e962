import type {
  AdminVariant,
  AdminVariantList,
  Dashboard,
  LedgerReply,
  ProductDetail,
  StockList,
} from '@bazaar/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { insertVariantProduct, stockMismatches, variantStock } from '../../../test/fixtures/inventory';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../db/schema/admin';
import { products } from '../../db/schema/catalogue';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('admin variants and stock', () => {
  let t: TestApp;
  let admin: Account;
  let kurta: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t, 'admin@example.com', { admin: true });
    await signUp(t, 'shopper@example.com');
    kurta = await insertVariantProduct(
      t.db,
      { name: 'Linen Kurta', pricePaise: 129_900, sku: 'KURTA' } as never,
      {},
    );
    await t.db
      .update(products)
      .set({ discount: 10, images: ['products/blue.webp'], productImage: 'products/item.webp' })
      .where(eq(products.id, kurta));
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: admin.auth, ...(payload ? { payload } : {}) });
  const list = async () =>
    (await call('GET', `/admin/products/${kurta}/variants`)).json() as AdminVariantList;
  const bySku = (l: AdminVariantList, sku: string) => l.variants.find((v) => v.sku === sku)!;
  const lastAudit = async () =>
    (await t.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1))[0]!;
  const ledgerRows = async (variantId: string) =>
    (
      (await t.db.execute(
        sql`select change, reason, actor_id, note, resulting_stock from inventory_ledger where variant_id = ${variantId} order by id`,
      )) as unknown as {
        rows: { change: number; reason: string; actor_id: string | null; note: string | null }[];
      }
    ).rows;

  it('lists a product’s variants: its default one before options; 404 for an unknown product', async () => {
    const l = await list();
    expect(l.product).toMatchObject({ name: 'Linen Kurta', pricePaise: 129_900, discount: 10 });
    expect(l.product.images).toEqual(['/uploads/products/item.webp', '/uploads/products/blue.webp']);
    expect(l.variants).toMatchObject([{ sku: 'KURTA', colour: null, size: null, stock: 0, active: true }]);
    expect(l.shopLowStockThreshold).toBe(5);
    expect((await call('GET', `/admin/products/${UNKNOWN}/variants`)).statusCode).toBe(404);
    expect((await call('GET', '/admin/products/not-an-id/variants')).statusCode).toBe(404);
  });

  it('generates every colour × size, then a chosen subset; audited; the product’s options follow', async () => {
    const res = await call('POST', `/admin/products/${kurta}/variants/generate`, {
      colours: ['Red', 'Sky Blue', 'red'],
      sizes: ['S', 'M', 'L'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const l = res.json() as AdminVariantList;
    const active = l.variants.filter((v) => v.active);
    expect(active.map((v) => v.sku)).toEqual([
      'KURTA-RED-S',
      'KURTA-RED-M',
      'KURTA-RED-L',
      'KURTA-SKY-BLUE-S',
      'KURTA-SKY-BLUE-M',
      'KURTA-SKY-BLUE-L',
    ]);
    expect(bySku(l, 'KURTA')).toMatchObject({ active: false });
    const [row] = await t.db.select().from(products).where(eq(products.id, kurta));
    expect(row).toMatchObject({ colours: ['red', 'sky blue'], sizes: ['S', 'M', 'L'], countInStock: 0 });
    expect(await lastAudit()).toMatchObject({
      action: 'product.variants.generate',
      actorEmail: 'admin@example.com',
    });

    const subset = await call('POST', `/admin/products/${kurta}/variants/generate`, {
      colours: ['red', 'sky blue'],
      sizes: ['S', 'M', 'L'],
      only: [
        { colour: 'red', size: 'M' },
        { colour: 'sky blue', size: 'L' },
        { colour: 'red', size: 'S' },
        { colour: 'red', size: 'L' },
        { colour: 'sky blue', size: 'M' },
      ],
    });
    expect(subset.statusCode, subset.body).toBe(200);
    expect((subset.json() as AdminVariantList).variants.filter((v) => !v.active).map((v) => v.sku)).toEqual([
      'KURTA-SKY-BLUE-S',
      'KURTA',
    ]);
    expect(await stockMismatches(t.db)).toEqual([]);
  });

  it('refuses a bad generation with a 400', async () => {
    const url = `/admin/products/${kurta}/variants/generate`;
    expect(
      (await call('POST', url, { colours: ['red'], sizes: ['S'], only: [{ colour: 'green', size: 'S' }] }))
        .statusCode,
    ).toBe(400);
    expect((await call('POST', url, { colours: ['red'], only: [] })).statusCode).toBe(400);
    expect((await call('POST', url, { colours: ['red'], extra: 1 })).statusCode).toBe(400);
    expect((await call('POST', url, { colours: [''] })).statusCode).toBe(400);
    expect(
      (await call('POST', `/admin/products/${UNKNOWN}/variants/generate`, { colours: ['red'] })).statusCode,
    ).toBe(404);
  });

  it('sets and adjusts stock in bulk through the ledger, naming the admin and the note; the books balance', async () => {
    const l = await list();
    const rows = l.variants.filter((v) => v.active);
    const res = await call('PUT', `/admin/products/${kurta}/variants`, {
      variants: rows.map((v, i) => ({ id: v.id, stock: 10 + i, note: 'Stock count' })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as AdminVariantList;
    expect(bySku(after, 'KURTA-RED-S').stock).toBe(10);
    const adjust = await call('PUT', `/admin/products/${kurta}/variants`, {
      variants: [
        { id: bySku(after, 'KURTA-RED-S').id, adjust: -4 },
        { id: bySku(after, 'KURTA-RED-M').id, adjust: 5, pricePaise: 149_900, lowStockThreshold: 20 },
      ],
    });
    expect(adjust.statusCode, adjust.body).toBe(200);
    const now = adjust.json() as AdminVariantList;
    expect(bySku(now, 'KURTA-RED-S').stock).toBe(6);
    expect(bySku(now, 'KURTA-RED-M')).toMatchObject({
      stock: 16,
      pricePaise: 149_900,
      salePricePaise: 134_910,
      lowStockThreshold: 20,
      lowStock: true,
    });
    expect(bySku(now, 'KURTA-RED-L')).toMatchObject({
      pricePaise: null,
      salePricePaise: 116_910,
      lowStock: false,
    });
    expect(await ledgerRows(bySku(now, 'KURTA-RED-S').id)).toMatchObject([
      { change: 10, reason: 'adjustment', actor_id: admin.id, note: 'Stock count' },
      { change: -4, reason: 'adjustment', actor_id: admin.id, note: null },
    ]);
    expect(await stockMismatches(t.db)).toEqual([]);
    const [row] = await t.db.select().from(products).where(eq(products.id, kurta));
    expect(row!.countInStock).toBe(now.variants.filter((v) => v.active).reduce((n, v) => n + v.stock, 0));
    expect(await lastAudit()).toMatchObject({
      action: 'product.variants.update',
      entityId: kurta,
      before: {
        'KURTA-RED-S': { stock: 10 },
        'KURTA-RED-M': { stock: 11, pricePaise: null, lowStockThreshold: null },
      },
      after: {
        'KURTA-RED-S': { stock: 6 },
        'KURTA-RED-M': { stock: 16, pricePaise: 149_900, lowStockThreshold: 20 },
      },
    });
    // The storefront sells them at once: the variant's own price, the product's discount.
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/products/${kurta}` })
    ).json() as ProductDetail & {
      variants: { sku: string; price: number; salePrice: number; countInStock: number }[];
    };
    expect(detail.variants.find((v) => v.sku === 'KURTA-RED-M')).toMatchObject({
      price: 1499,
      salePrice: 1349.1,
      countInStock: 16,
    });
  });

  it('refuses a whole bulk write when one row would go below 0 (409), when a SKU is taken (409), or is bad (400/404)', async () => {
    const before = await variantStock(t.db, kurta);
    const l = await list();
    const red = bySku(l, 'KURTA-RED-S');
    const below = await call('PUT', `/admin/products/${kurta}/variants`, {
      variants: [
        { id: bySku(l, 'KURTA-RED-L').id, stock: 1 },
        { id: red.id, adjust: -7 },
      ],
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe('KURTA-RED-S has 6 in stock: its stock cannot go below 0');
    expect(await variantStock(t.db, kurta)).toEqual(before);

    const other = await insertVariantProduct(
      t.db,
      { name: 'Cap', pricePaise: 49_900, sku: 'CAP' } as never,
      {},
    );
    const clash = await call('PATCH', `/admin/variants/${red.id}`, { sku: 'CAP' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('SKU CAP is already used by another variant');
    const twice = await call('PUT', `/admin/products/${kurta}/variants`, {
      variants: [
        { id: red.id, sku: 'NEW-1' },
        { id: bySku(l, 'KURTA-RED-M').id, sku: 'NEW-1' },
      ],
    });
    expect(twice.statusCode).toBe(409);

    const capVariant = ((await call('GET', `/admin/products/${other}/variants`)).json() as AdminVariantList)
      .variants[0]!;
    expect(
      (
        await call('PUT', `/admin/products/${kurta}/variants`, {
          variants: [{ id: capVariant.id, stock: 3 }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('PATCH', `/admin/variants/${red.id}`, { stock: 3, adjust: 1 })).statusCode).toBe(400);
    expect((await call('PATCH', `/admin/variants/${red.id}`, { stock: -1 })).statusCode).toBe(400);
    expect((await call('PATCH', `/admin/variants/${red.id}`, { adjust: 0 })).statusCode).toBe(400);
    expect((await call('PATCH', `/admin/variants/${red.id}`, { countInStock: 3 })).statusCode).toBe(400);
    expect((await call('PATCH', `/admin/variants/${red.id}`, { sku: 'has space' })).statusCode).toBe(400);
    expect((await call('PATCH', `/admin/variants/${UNKNOWN}`, { stock: 1 })).statusCode).toBe(404);
    expect((await call('PUT', `/admin/products/${kurta}/variants`, { variants: [] })).statusCode).toBe(400);
    const picture = await call('PATCH', `/admin/variants/${red.id}`, {
      image: '/uploads/products/other.webp',
    });
    expect(picture.statusCode).toBe(400);
    expect(await variantStock(t.db, kurta)).toEqual(before);
    expect(await stockMismatches(t.db)).toEqual([]);
  });

  it('changes one variant: SKU, picture, switched off (the product’s stock follows), audited', async () => {
    const red = bySku(await list(), 'KURTA-RED-S');
    const res = await call('PATCH', `/admin/variants/${red.id}`, {
      sku: 'KURTA-R-S',
      image: '/uploads/products/blue.webp',
      active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as AdminVariant).toMatchObject({
      sku: 'KURTA-R-S',
      image: '/uploads/products/blue.webp',
      active: false,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'product.variant.update',
      before: { 'KURTA-RED-S': { sku: 'KURTA-RED-S', image: null, active: true } },
      after: { 'KURTA-R-S': { sku: 'KURTA-R-S', image: 'products/blue.webp', active: false } },
    });
    const l = await list();
    const [row] = await t.db.select().from(products).where(eq(products.id, kurta));
    expect(row!.countInStock).toBe(l.variants.filter((v) => v.active).reduce((n, v) => n + v.stock, 0));
    expect(await stockMismatches(t.db)).toEqual([]);
  });

  it('shows a variant’s ledger newest first, paged, with the admin and note; 404 for an unknown one', async () => {
    const red = bySku(await list(), 'KURTA-R-S');
    const res = await call('GET', `/admin/variants/${red.id}/ledger?limit=1`);
    expect(res.statusCode, res.body).toBe(200);
    const page1 = res.json() as LedgerReply;
    expect(page1).toMatchObject({ total: 2, page: 1, pages: 2, productName: 'Linen Kurta' });
    expect(page1.entries).toMatchObject([
      { change: -4, reason: 'adjustment', resultingStock: 6, actor: { email: 'admin@example.com' } },
    ]);
    const page2 = (
      await call('GET', `/admin/variants/${red.id}/ledger?limit=1&page=2`)
    ).json() as LedgerReply;
    expect(page2.entries).toMatchObject([{ change: 10, note: 'Stock count', resultingStock: 10 }]);
    expect((await call('GET', `/admin/variants/${UNKNOWN}/ledger`)).statusCode).toBe(404);
    expect((await call('GET', `/admin/variants/${red.id}/ledger?limit=0`)).statusCode).toBe(400);
  });

  it('lists stock across the shop by name or SKU, the low ones, paged; the threshold is a shop setting; the dashboard lists the low ones', async () => {
    const all = (await call('GET', '/admin/stock?search=kurta&limit=3')).json() as StockList;
    expect(all).toMatchObject({ total: 7, page: 1, pages: 3, lowStockThreshold: 5 });
    expect(all.variants[0]).toMatchObject({ productName: 'Linen Kurta' });
    const bySkuSearch = (await call('GET', '/admin/stock?search=cap')).json() as StockList;
    expect(bySkuSearch.variants.map((v) => v.sku)).toEqual(['CAP']);
    const low = (await call('GET', '/admin/stock?lowStock=true')).json() as StockList;
    // The cap (0 ≤ 5), the switched-off blue S is not counted, the red M at 16 ≤ its own 20.
    expect(low.variants.map((v) => v.sku).sort()).toEqual(['CAP', 'KURTA-RED-M']);
    expect((await call('GET', '/admin/stock?lowStock=maybe')).statusCode).toBe(400);

    const set = await call('PUT', '/admin/stock/settings', { lowStockThreshold: 12 });
    expect(set.statusCode, set.body).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'settings.low-stock',
      before: { lowStockThreshold: 5 },
      after: { lowStockThreshold: 12 },
    });
    expect((await call('GET', '/admin/stock/settings')).json()).toEqual({ lowStockThreshold: 12 });
    expect((await call('PUT', '/admin/stock/settings', { lowStockThreshold: -1 })).statusCode).toBe(400);
    const dashboard = (await call('GET', '/admin/dashboard')).json() as Dashboard;
    expect(dashboard.lowStock.map((v) => v.sku)).toEqual(['CAP', 'KURTA-RED-L', 'KURTA-RED-M']);
    expect(dashboard.lowStock[0]).toMatchObject({ stock: 0, productName: 'Cap' });

    // The inline adjustment on the stock screen, with its reason.
    const cap = bySkuSearch.variants[0]!;
    const adjusted = await call('PATCH', `/admin/variants/${cap.id}`, {
      adjust: 30,
      note: 'Delivery from the workshop',
    });
    expect(adjusted.json()).toMatchObject({ stock: 30, lowStock: false });
    expect((await lastAudit()).summary).toBe('Cap: CAP stock 0 → 30 (Delivery from the workshop)');
    expect(await stockMismatches(t.db)).toEqual([]);
  });

  it('generating again keeps each existing variant’s switch and stock; only new combinations are on by default', async () => {
    const shirt = await insertVariantProduct(
      t.db,
      {
        name: 'Oxford Shirt',
        pricePaise: 99_900,
        sku: 'OXF',
        colours: ['white'],
        sizes: ['S', 'M'],
      } as never,
      { 'white/S': 3, 'white/M': 2 },
    );
    const url = `/admin/products/${shirt}/variants`;
    const first = (await call('GET', url)).json() as AdminVariantList;
    const whiteM = bySku(first, 'OXF-WHITE-M');
    expect((await call('PUT', url, { variants: [{ id: whiteM.id, active: false }] })).statusCode).toBe(200);
    const res = await call('POST', `${url}/generate`, { colours: ['white', 'navy'], sizes: ['S', 'M'] });
    expect(res.statusCode, res.body).toBe(200);
    const l = res.json() as AdminVariantList;
    expect(bySku(l, 'OXF-WHITE-M')).toMatchObject({ active: false, stock: 2 });
    expect(bySku(l, 'OXF-WHITE-S')).toMatchObject({ active: true, stock: 3 });
    expect(bySku(l, 'OXF-NAVY-M')).toMatchObject({ active: true, stock: 0 });
    expect(await stockMismatches(t.db)).toEqual([]);
  });
});
