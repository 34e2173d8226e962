import { productSchema } from '@bazaar/shared';
import { eq, getTableColumns } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { products } from '../../db/schema/catalogue';
import { SqlRunner } from '../listing/sql-runner';
import { type ProductRow, toProduct } from './product-view';

// The storefront's replies carry products as JSON the database keeps (products.shopper_json, written by
// catalogue_product_json on every write); the admin's and the wishlist's carry toProduct's. Both must
// say the same of every product, however it was written.

let t: TestApp;
let sql: SqlRunner;

beforeAll(async () => {
  t = await createTestApp({ catalogueCacheTtlMs: 0 });
  sql = new SqlRunner(t.deps.database);
});
afterAll(async () => t.close());

/** Every products column under its ProductRow name, as the driver reads it, beside the database's JSON. */
const COLUMNS = Object.entries(getTableColumns(products))
  .map(([key, column]) => `p."${column.name}" as "${key}"`)
  .join(', ');

type Read = ProductRow & { json: string };

function expectSame(rows: Read[]): void {
  for (const { json, ...row } of rows) {
    const fromSql: unknown = JSON.parse(json);
    // Exactly the schema's fields, and what toProduct makes of the row the driver read.
    expect(productSchema.strict().parse(fromSql)).toEqual(fromSql);
    expect(fromSql).toEqual(productSchema.parse(toProduct(row)));
  }
}

const base = { category: 'Home & Kitchen', description: '' };

describe("the database's product JSON", () => {
  it('equals toProduct for stored products of every kind', async () => {
    const inserted = await t.db
      .insert(products)
      .values([
        // No images at all, every optional field null, empty lists, nothing in stock.
        { ...base, name: 'Bare', pricePaise: 0, title: null, countInStock: 0 },
        // Main image also in the gallery (not repeated), another gallery image, every field set.
        {
          ...base,
          name: 'Full "quoted" \\ name\twith tab',
          title: 'Title',
          description: 'Line one\nline two — ünïcödé 😀',
          pricePaise: 99_900,
          discount: 15,
          rating: 4.3,
          numReviews: 12,
          countInStock: 5,
          subCategory: 'Lighting',
          option: 'Lamps',
          subOption: 'Desk',
          brand: 'Acme',
          material: 'Steel',
          sizes: ['S', 'M'],
          colours: ['red', 'light blue'],
          images: ['products/a.webp', 'products/b.webp'],
          productImage: 'products/a.webp',
          tags: ['desk', 'lamp'],
          sku: 'SKU-1',
          seller: 'Seller',
          madeIn: 'India',
          isFeatured: true,
          createdAt: new Date('2025-03-04T05:06:07.029Z'),
          updatedAt: new Date('2025-03-04T05:06:07.999Z'),
        },
        // Main image not in the gallery (put first); keys needing encoding; absolute and rooted URLs.
        {
          ...base,
          name: 'Encoded',
          pricePaise: 333,
          discount: 3,
          images: ['https://cdn.example.com/x.jpg', '/static/y.png', 'products/naïve file #1.webp'],
          productImage: 'products/main image.webp',
        },
        // Only a gallery: its first image is the main one.
        { ...base, name: 'Gallery only', pricePaise: 1, discount: 99, images: ['products/g.webp'] },
        // Only a main image; whole rupees; the whole price off.
        {
          ...base,
          name: 'Main only',
          pricePaise: 100_000,
          discount: 100,
          productImage: 'HTTP://x.test/m.png',
        },
        // A fraction of a paisa dropped from the discount; rounding edges of rupees.
        { ...base, name: 'Edges', pricePaise: 2_147_483_647, discount: 33, rating: 0.1 },
      ])
      .returning({ id: products.id });
    const ids = inserted.map((r) => r.id);
    const rows = await sql.rows<Read>(
      `select ${COLUMNS}, p.shopper_json as json from products p where p.id = any($1::uuid[])`,
      [ids],
    );
    expect(rows).toHaveLength(ids.length);
    expectSame(rows);
  });

  it('equals toProduct for any prices, discounts, ratings, texts, images and instants', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 12 }).map((s) => s.replace(/\0/g, ''));
    // Plain storage keys (imageUrl only prefixes them) as often as anything else, which it encodes.
    const image = fc.oneof(
      fc.stringMatching(/^[a-z0-9_.()'!~*-][a-z0-9_./()'!~*-]{0,10}$/),
      text,
      fc.constantFrom(
        'products/a b.webp',
        'https://x.test/a',
        '/u/a',
        'a/%2F/é/😀',
        "it's (1)*~!",
        'a,b',
        '',
      ),
    );
    // Whole microseconds from 1970 to 2100, as PostgreSQL keeps them.
    const instant = fc
      .bigInt({ min: 0n, max: 4_102_444_800_000_000n })
      .map(
        (us) =>
          `${new Date(Number(us / 1000n)).toISOString().slice(0, 19)}.${String(us % 1_000_000n).padStart(6, '0')}Z`,
      );
    const product = fc.record({
      id: fc.uuid(),
      name: text,
      title: fc.option(text),
      description: text,
      price_paise: fc.integer({ min: 0, max: 2_147_483_647 }),
      discount: fc.integer({ min: 0, max: 100 }),
      rating: fc.float({ min: 0, max: 5, noNaN: true }),
      num_reviews: fc.nat(),
      count_in_stock: fc.integer({ min: 0, max: 3 }),
      category: text,
      sub_category: fc.option(text),
      option: fc.option(text),
      sub_option: fc.option(text),
      brand: text,
      material: fc.option(text),
      sizes: fc.array(text, { maxLength: 3 }),
      colours: fc.array(text, { maxLength: 3 }),
      images: fc.array(image, { maxLength: 3 }),
      product_image: fc.option(image),
      // The main image taken from the gallery (it is not repeated), when there is one.
      main_in_gallery: fc.boolean(),
      tags: fc.array(text, { maxLength: 3 }),
      sku: fc.option(text),
      seller: fc.option(text),
      made_in: fc.option(text),
      is_featured: fc.boolean(),
      created_at: instant,
      updated_at: instant,
    });
    await fc.assert(
      fc.asyncProperty(product, async ({ main_in_gallery, ...p }) => {
        if (main_in_gallery && p.images.length) p.product_image = p.images.at(-1) ?? null;
        // A whole products row from the values (archived_at null), read as the storefront reads a stored one.
        const rows = await sql.rows<Read>(
          `select ${COLUMNS}, catalogue_product_json(p) as json from jsonb_populate_record(null::products, $1::jsonb) p`,
          [JSON.stringify(p)],
        );
        expectSame(rows);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('follows every write, and no write can set it', async () => {
    const [lamp] = await t.db
      .insert(products)
      .values({ ...base, name: 'Kept Lamp', pricePaise: 50_000, shopperJson: '{"forged":true}' })
      .returning({ id: products.id });
    const read = async () =>
      sql.rows<Read>(`select ${COLUMNS}, p.shopper_json as json from products p where p.id = $1`, [lamp!.id]);
    expectSame(await read());
    await t.db
      .update(products)
      .set({ pricePaise: 42_000, discount: 10, countInStock: 0, images: ['products/new.webp'] })
      .where(eq(products.id, lamp!.id));
    const [changed] = await read();
    expectSame([changed!]);
    expect(JSON.parse(changed!.json)).toMatchObject({
      salePrice: 378,
      inStock: false,
      productImage: '/uploads/products/new.webp',
    });
    await t.db.update(products).set({ shopperJson: 'null' }).where(eq(products.id, lamp!.id));
    expectSame(await read());
  });
});
