import {
  discountedPaise,
  type ProductVariant,
  paiseToRupees,
  productDetailSchema,
  productVariantSchema,
} from '@bazaar/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVariantProduct, stockMismatches, variantsOf } from '../../../test/fixtures/inventory';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { DbOrTx } from '../../db/client';
import { products, productVariants } from '../../db/schema/catalogue';
import { imageUrl } from '../catalogue/image-url';

// The product page splices in the variants JSON the database keeps (product_variants_json, migration
// 0043). The reference is a plain query of the active variants, mapped here as the reply's schema says;
// stockMismatches (every inventory, import and admin test runs it) holds the kept copy in step.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ catalogueCacheTtlMs: 0 });
});

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
afterAll(async () => t.close());

interface Plain {
  id: string;
  sku: string;
  colour: string | null;
  size: string | null;
  price_paise: number;
  discount: number;
  stock: number;
  image: string | null;
}

/** The product's active variants as a plain query reads them, mapped as ProductVariant says. */
async function reference(productId: string, db: DbOrTx = t.db): Promise<ProductVariant[]> {
  const plain = await rows<Plain>(
    db,
    sql`select v.id, v.sku, v.colour, v.size, coalesce(v.price_paise, p.price_paise) as price_paise,
            p.discount, v.stock, v.image
     from product_variants v join products p on p.id = v.product_id
     where v.product_id = ${productId} and v.active order by v.position, v.id`,
  );
  return plain.map((v) => ({
    id: v.id,
    sku: v.sku,
    colour: v.colour,
    size: v.size,
    price: paiseToRupees(Number(v.price_paise)),
    salePrice: paiseToRupees(discountedPaise(Number(v.price_paise), Number(v.discount))),
    countInStock: Number(v.stock),
    inStock: Number(v.stock) > 0,
    image: v.image ? imageUrl(v.image) : null,
  }));
}

async function kept(productId: string, db: DbOrTx = t.db): Promise<unknown> {
  const [row] = await rows<{ json: string }>(
    db,
    sql`select json from product_variants_json where product_id = ${productId}`,
  );
  return row ? JSON.parse(row.json) : undefined;
}

async function expectKept(productId: string): Promise<unknown[]> {
  const json = (await kept(productId)) as unknown[];
  expect(json.map((v) => productVariantSchema.strict().parse(v))).toEqual(json);
  expect(json).toEqual(await reference(productId));
  return json;
}

describe("the database's variants JSON", () => {
  it('equals the plain read for any prices, discounts, options, stock, images and order', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 8 }).map((s) => s.replace(/\0/g, ''));
    const image = fc.option(
      fc.oneof(
        fc.stringMatching(/^[a-z0-9_.()'!~*-][a-z0-9_./()'!~*-]{0,10}$/),
        text,
        fc.constantFrom('products/a b.webp', 'https://x.test/a', '/u/a', 'a/%2F/é/😀', "it's (1)*~!", ''),
      ),
    );
    const variant = fc.record({
      colour: fc.option(text),
      size: fc.option(text),
      price_paise: fc.option(fc.integer({ min: 0, max: 2_147_483_647 })),
      stock: fc.integer({ min: 0, max: 50 }),
      image,
      active: fc.boolean(),
      position: fc.integer({ min: 0, max: 5 }),
    });
    const product = fc.record({
      pricePaise: fc.integer({ min: 0, max: 2_147_483_647 }),
      discount: fc.integer({ min: 0, max: 100 }),
      variants: fc.uniqueArray(variant, {
        maxLength: 6,
        selector: (v) => `${v.colour ?? ''}\u0001${v.size ?? ''}`,
      }),
    });
    await fc.assert(
      fc.asyncProperty(product, async ({ pricePaise, discount, variants }) => {
        // Written and read in a transaction that is rolled back: the ledger's check at commit never runs.
        await t.db
          .transaction(async (tx) => {
            const [row] = await tx
              .insert(products)
              .values({ category: 'Clothing', name: 'Any', pricePaise, discount })
              .returning({ id: products.id });
            const id = row!.id;
            await tx.delete(productVariants).where(eq(productVariants.productId, id));
            if (variants.length)
              await tx.insert(productVariants).values(
                variants.map((v, i) => ({
                  productId: id,
                  sku: `ANY-${id}-${i}`,
                  colour: v.colour,
                  size: v.size,
                  pricePaise: v.price_paise,
                  stock: v.stock,
                  image: v.image,
                  active: v.active,
                  position: v.position,
                })),
              );
            expect(await kept(id, tx)).toEqual(await reference(id, tx));
            throw new RollBack();
          })
          .catch((e: unknown) => {
            if (!(e instanceof RollBack)) throw e;
          });
      }),
      { numRuns: 150 },
    );
  }, 90_000);

  it('follows sales, restocks, price and discount changes, switched-off and removed variants', async () => {
    const id = await insertVariantProduct(
      t.db,
      { name: 'Kept Kurta', pricePaise: 99_900, colours: ['Red', 'Blue'], sizes: ['S', 'M'] },
      { 'Red/S': 2, 'Red/M': 1, 'Blue/S': 3 },
    );
    expect(await expectKept(id)).toHaveLength(4);
    const [redS, redM] = await variantsOf(t.db, id);

    await t.db.execute(sql`select inventory_move(${redM!.id}::uuid, -1, 'sale', null, null)`);
    expect((await expectKept(id)).find((v) => (v as ProductVariant).id === redM!.id)).toMatchObject({
      countInStock: 0,
      inStock: false,
    });

    await t.db.update(products).set({ pricePaise: 50_000, discount: 10 }).where(eq(products.id, id));
    await t.db.update(productVariants).set({ pricePaise: 70_000 }).where(eq(productVariants.id, redS!.id));
    expect((await expectKept(id))[0]).toMatchObject({ price: 700, salePrice: 630 });

    await t.db.update(productVariants).set({ active: false }).where(eq(productVariants.id, redS!.id));
    expect(await expectKept(id)).toHaveLength(3);

    await t.db
      .update(productVariants)
      .set({ image: 'products/red m.webp' })
      .where(eq(productVariants.id, redM!.id));
    expect((await expectKept(id))[0]).toMatchObject({ image: '/uploads/products/red%20m.webp' });
    expect(await stockMismatches(t.db)).toEqual([]);

    await t.db.delete(products).where(eq(products.id, id));
    expect(await kept(id)).toBeUndefined();
  });

  it('is what the product page replies, and the archived page stays gone', async () => {
    const id = await insertVariantProduct(
      t.db,
      { name: 'Paged Kurta', pricePaise: 12_345, sizes: ['S', 'M', 'L'] },
      { S: 1, L: 4 },
    );
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(res.statusCode).toBe(200);
    const detail = productDetailSchema.parse(res.json());
    expect(detail.variants).toEqual(await reference(id));
    expect(detail.variants.map((v) => v.inStock)).toEqual([true, false, true]);

    await t.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, id));
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(404);
  });
});

class RollBack extends Error {}
