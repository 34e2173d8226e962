import type { AdminProductList, Product, ProductList } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { insertPendingOrder } from '../../../test/fixtures/orders';
import { insertCategories } from '../../../test/fixtures/products';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { plainSvg, pngDeclaring, pngPicture, scriptAsPng, svgWithScript } from '../../../test/images';
import { type FilePart, multipartEntries } from '../../../test/multipart';
import { auditLog } from '../../db/schema/admin';
import { products } from '../../db/schema/catalogue';
import { orderItems } from '../../db/schema/orders';
import { cartItems, carts, wishlistItems } from '../../db/schema/shopping';
import { variantKey } from './uploads.routes';

type Entry = readonly [string, string | FilePart];

/** The spec's create form: every field, lists as repeated `name[]` entries, then the pictures. */
function createEntries(overrides: Record<string, string> = {}, images: FilePart[] = []): Entry[] {
  const fields: Record<string, string> = {
    name: 'Linen Kurta',
    brand: 'Fabindia',
    category: 'fashion',
    subCategory: 'Men',
    sku: 'KURTA-1',
    price: '1299',
    discount: '10',
    countInStock: '7',
    seller: 'Bazaar Fashion House',
    material: 'Linen',
    madeIn: 'India',
    description: 'A breezy linen kurta.',
    isFeatured: 'true',
    ...overrides,
  };
  return [
    ...Object.entries(fields),
    ['tags[]', 'summer'],
    ['tags[]', 'ethnic'],
    ['colours[]', 'White'],
    ['colours[]', 'SKY Blue'],
    ['sizes[]', 'M'],
    ['sizes[]', 'L'],
    ...images.map((image) => ['productImages', image] as const),
  ];
}

/** Long enough that only an invalidation can refresh a cached reply. */
const CACHE = { catalogueCacheTtlMs: 10 * 60 * 1000 };

describe('product writes', () => {
  let t: TestApp;
  let other: TestApp;
  let admin: Account;
  let shopper: Account;
  let blue: FilePart;
  let red: FilePart;

  beforeAll(async () => {
    t = await createTestApp(CACHE);
    other = await createTestApp(CACHE, { sameDatabaseAs: t });
    admin = await signUp(t, 'admin@example.com', { admin: true });
    shopper = await signUp(t, 'shopper@example.com');
    await insertCategories(t.db, [
      ['Fashion', 'Men', 'Shirts'],
      ['Electronics', 'Audio'],
    ]);
    blue = await pngPicture(800, 600, '#2563eb');
    red = await pngPicture(300, 300, '#dc2626');
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const send = async (method: 'POST' | 'PUT', url: string, entries: Entry[]) => {
    const body = await multipartEntries(entries);
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...admin.auth } });
  };
  const create = (overrides: Record<string, string> = {}, images: FilePart[] = []) =>
    send('POST', '/api/products', createEntries(overrides, images));
  const search = async (app: TestApp, term: string) =>
    (
      (
        await app.app.inject({ method: 'GET', url: `/api/products?search=${encodeURIComponent(term)}` })
      ).json() as ProductList
    ).products;
  const detail = (app: TestApp, id: string) => app.app.inject({ method: 'GET', url: `/api/products/${id}` });

  it('creates a product from the spec’s form: lists, lower-cased colours, category as the tree spells it, WebP pictures', async () => {
    // The storefront has answered (and cached) a search before the product exists.
    expect(await search(t, 'kurta')).toEqual([]);
    expect(await search(other, 'kurta')).toEqual([]);

    const res = await create({}, [blue, red]);
    expect(res.statusCode, res.body).toBe(201);
    const { message, product } = res.json() as { message: string; product: Product };
    expect(message).toBe('Product created successfully!');
    expect(product).toMatchObject({
      name: 'Linen Kurta',
      category: 'Fashion',
      subCategory: 'Men',
      price: 1299,
      discount: 10,
      salePrice: 1169.1,
      countInStock: 7,
      colours: ['white', 'sky blue'],
      sizes: ['M', 'L'],
      tags: ['summer', 'ethnic'],
      isFeatured: true,
      rating: 0,
      numReviews: 0,
    });
    expect(product.images).toHaveLength(2);
    expect(product.productImage).toBe(product.images[0]);

    // Stored as WebP, no larger than 1600 px, with every width the storefront asks for made already.
    const key = product.productImage!.replace('/uploads/', '');
    const stored = await t.deps.storage.get(key);
    expect(stored?.subarray(8, 12).toString()).toBe('WEBP');
    expect(await t.deps.storage.get(variantKey(key, '320'))).toBeDefined();
    const served = await t.app.inject({ method: 'GET', url: `${product.productImage}?w=160` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    // Both server processes' storefront search shows it at once.
    expect((await search(t, 'kurta')).map((p) => p._id)).toEqual([product._id]);
    await vi.waitFor(
      async () => expect((await search(other, 'kurta')).map((p) => p._id)).toEqual([product._id]),
      {
        timeout: 2000,
        interval: 25,
      },
    );
  });

  it('requires name, category, price and description on create, and knows only the tree’s categories', async () => {
    const res = await create({ name: '', category: '', price: '', description: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      name: 'Product name is required',
      category: 'Category is required',
      price: 'Price is required',
      description: 'Description is required',
    });
    const unknownCategory = await create({ category: 'Garden', sku: 'X-2' });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().fields).toEqual({ category: "Choose one of the shop's categories" });
    expect((await create({ price: '-5', sku: 'X-3' })).json().fields).toEqual({
      price: 'Price must be more than 0',
    });
    expect((await create({ discount: '101', sku: 'X-4' })).json().fields).toEqual({
      discount: 'Discount must be 0 to 100',
    });
  });

  it('refuses rating, numReviews and any other field the form does not have', async () => {
    for (const field of ['rating', 'numReviews', 'archivedAt']) {
      const res = await create({ [field]: '5', sku: `R-${field}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ [field]: 'Unknown field' });
    }
  });

  it('refuses a SKU another product has (409)', async () => {
    const res = await create({ name: 'Second Kurta' });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ sku: 'Another product already has this SKU' });
  });

  it('checks pictures by their content: a script renamed .png, an SVG, a 30000 × 30000 bomb, more than 5 MB', async () => {
    const filesBefore = await storedProductFiles(t);
    for (const bad of [scriptAsPng, svgWithScript, plainSvg]) {
      const res = await create({ sku: 'BAD-1' }, [blue, bad]);
      expect(res.statusCode, bad.filename).toBe(415);
      expect(res.json().message).toMatch(/must be a JPEG, PNG, WebP, GIF or AVIF picture/);
    }
    const bomb = await create({ sku: 'BAD-2' }, [pngDeclaring(30_000, 30_000)]);
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().message).toMatch(/30000 × 30000 pixels/);
    const big = {
      data: Buffer.concat([blue.data, Buffer.alloc(5 * 1024 * 1024)]),
      filename: 'big.png',
      type: 'image/png',
    };
    const tooBig = await create({ sku: 'BAD-3' }, [big]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Each product image must be at most 5 MB.');
    // Nothing was stored for any refused form, and no product was made.
    expect(await storedProductFiles(t)).toEqual(filesBefore);
    expect(await t.db.select().from(products).where(eq(products.sku, 'BAD-1'))).toEqual([]);
  });

  it('edits a product from the spec’s edit form; both processes’ storefronts show the new price at once', async () => {
    const [row] = await t.db.select().from(products).where(eq(products.sku, 'KURTA-1'));
    const id = row!.id;
    // Cached on both processes.
    expect((await detail(t, id)).json().product.price).toBe(1299);
    expect((await detail(other, id)).json().product.price).toBe(1299);

    const [main, second] = row!.images;
    const res = await send('PUT', `/api/products/${id}`, [
      ['name', 'Linen Kurta'],
      ['category', 'Fashion'],
      ['price', '1199'],
      ['tags', 'summer, festive'],
      ['colours', 'Cream,White'],
      ['sizes', 'S,M'],
      ['removeMainImage', 'true'],
      ['removedImages', JSON.stringify([`/uploads/${second}`])],
      ['productImages', red],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { message, product } = res.json() as { message: string; product: Product };
    expect(message).toBe('Product updated successfully!');
    expect(product).toMatchObject({
      price: 1199,
      // Only white/M stays (its 2 units); sky blue and size L are switched off, keeping theirs; cream starts at 0.
      countInStock: 2,
      tags: ['summer', 'festive'],
      colours: ['cream', 'white'],
      sizes: ['S', 'M'],
      // Left out of the form: kept.
      subCategory: 'Men',
      discount: 10,
      description: 'A breezy linen kurta.',
    });
    // The new picture took the main place; both old ones are gone, files and variants too.
    expect(product.images).toHaveLength(1);
    expect(product.images[0]).not.toContain(main);
    await vi.waitFor(async () => {
      expect(await t.deps.storage.get(main!)).toBeUndefined();
      expect(await t.deps.storage.get(variantKey(second!, '320'))).toBeUndefined();
    });

    expect((await detail(t, id)).json().product.price).toBe(1199);
    await vi.waitFor(async () => expect((await detail(other, id)).json().product.price).toBe(1199), {
      timeout: 2000,
      interval: 25,
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'product.update'));
    expect(entry).toMatchObject({
      actorEmail: 'admin@example.com',
      entityId: id,
      before: { price: 1299, countInStock: 7 },
      after: { price: 1199, countInStock: 2 },
      summary: 'Linen Kurta: Price 1299 → 1199; Stock 7 → 2',
    });
  });

  it('requires name, category and price on edit; rating stays out', async () => {
    const [row] = await t.db.select().from(products).where(eq(products.sku, 'KURTA-1'));
    const res = await send('PUT', `/api/products/${row!.id}`, [['description', 'x']]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['category', 'name', 'price']);
    const rating = await send('PUT', `/api/products/${row!.id}`, [
      ['name', 'Linen Kurta'],
      ['category', 'Fashion'],
      ['price', '1199'],
      ['rating', '5'],
    ]);
    expect(rating.json().fields).toEqual({ rating: 'Unknown field' });
    expect(
      (
        await send('PUT', '/api/products/00000000-0000-4000-8000-000000000000', [
          ['name', 'X'],
          ['category', 'Fashion'],
          ['price', '1'],
        ])
      ).statusCode,
    ).toBe(404);
  });

  it('lists products for the admin, newest first, searching the spec’s fields', async () => {
    await create(
      {
        name: 'Studio Headphones',
        category: 'Electronics',
        subCategory: 'Audio',
        sku: 'HP-1',
        material: 'Aluminium',
        madeIn: 'Japan',
        seller: 'Sound Co',
        description: 'Closed-back monitors.',
      },
      [blue],
    );
    const list = async (q: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/admin/products${q}`, headers: admin.auth })
      ).json() as AdminProductList;
    expect((await list('')).products.map((p) => p.name)).toEqual(['Studio Headphones', 'Linen Kurta']);
    for (const term of ['aluminium', 'JAPAN', 'festive', 'cream', 'kurta-1', 'house', 'breezy']) {
      expect((await list(`?search=${term}`)).total, term).toBe(1);
    }
    expect(await list('?search=nothing')).toMatchObject({ products: [], total: 0, all: 2 });
  });

  it('deletes a product no order names, with its pictures, and takes it out of carts and wishlists', async () => {
    const [row] = await t.db.select().from(products).where(eq(products.sku, 'HP-1'));
    const [cart] = await t.db.insert(carts).values({ userId: shopper.id }).returning();
    await t.db.insert(cartItems).values({ cartId: cart!.id, productId: row!.id, quantity: 1 });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${row!.id}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Product deleted successfully', _id: row!.id, archived: false });
    expect(await t.db.select().from(products).where(eq(products.id, row!.id))).toEqual([]);
    expect(await t.db.select().from(cartItems)).toEqual([]);
    expect((await detail(t, row!.id)).statusCode).toBe(404);
    await vi.waitFor(async () => expect(await t.deps.storage.get(row!.productImage!)).toBeUndefined());
  });

  it('archives a product past orders name: orders keep it, shoppers, carts and search no longer see it', async () => {
    const [row] = await t.db.select().from(products).where(eq(products.sku, 'KURTA-1'));
    const id = row!.id;
    const order = await insertPendingOrder(t.db, {
      userId: shopper.id,
      items: [{ productId: id, quantity: 1, unitPricePaise: 119_900 }],
    });
    await t.db
      .update(orderItems)
      .set({ name: 'Linen Kurta', image: row!.productImage })
      .where(eq(orderItems.orderId, order.id));
    await t.db.insert(wishlistItems).values({ userId: shopper.id, productId: id });
    expect((await search(other, 'kurta')).length).toBe(1);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: admin.auth });
    expect(res.json()).toEqual({ message: 'Product deleted successfully', _id: id, archived: true });

    const [kept] = await t.db.select().from(products).where(eq(products.id, id));
    expect(kept?.archivedAt).toBeInstanceOf(Date);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({ productId: id, name: 'Linen Kurta', unitPricePaise: 119_900 });
    // The order's picture stays on disk.
    expect(await t.deps.storage.get(row!.productImage!)).toBeDefined();
    expect(await t.db.select().from(wishlistItems)).toEqual([]);

    expect((await detail(t, id)).statusCode).toBe(404);
    await vi.waitFor(async () => {
      expect(await search(other, 'kurta')).toEqual([]);
      expect((await detail(other, id)).statusCode).toBe(404);
    });
    const suggestions = await t.app.inject({ method: 'GET', url: '/api/products/suggestions?q=kurta' });
    expect(suggestions.json().suggestions).toEqual([]);
    const admins = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products?search=kurta',
      headers: admin.auth,
    });
    expect(admins.json().total).toBe(0);
    // Gone for the admin too: editing or deleting it again is a 404.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: admin.auth })).statusCode,
    ).toBe(404);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries.map((e) => e.action).sort()).toEqual([
      'product.archive',
      'product.create',
      'product.update',
    ]);
  });
});

async function storedProductFiles(t: TestApp): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const root = t.deps.storage.localPath('products');
  return root ? (await readdir(root).catch(() => [])).sort() : [];
}
