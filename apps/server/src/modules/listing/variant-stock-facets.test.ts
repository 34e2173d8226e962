import type { ProductList } from '@bazaar/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVariantProduct, variantKey, variantsOf } from '../../../test/fixtures/inventory';
import { createTestApp, type TestApp } from '../../../test/helpers';

// "In Stock Only" and the size and colour facets read variant stock (issue 23, decision 190): with it, a
// size shows only where some active variant of it is in stock, and size=M returns only products whose M is.
// Stock moves on one process's connection; the other process must see it at once (the change log).

let a: TestApp;
let b: TestApp;
let kurta: string;
let tee: string;
let cap: string;

beforeAll(async () => {
  a = await createTestApp({ catalogueCacheTtlMs: 0 });
  b = await createTestApp({ catalogueCacheTtlMs: 0 }, { sameDatabaseAs: a });
  const values = (name: string) => ({
    name,
    pricePaise: 50_000,
    category: 'Stock Facets',
    colours: ['Red', 'Blue'],
    sizes: ['S', 'M'],
  });
  kurta = await insertVariantProduct(a.db, values('Kurta'), { 'Red/S': 3, 'Blue/S': 1 });
  tee = await insertVariantProduct(a.db, values('Tee'), { 'Red/M': 2 });
  cap = await insertVariantProduct(a.db, values('Cap'), {});
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function list(app: TestApp, query: string): Promise<ProductList> {
  const res = await app.app.inject({ method: 'GET', url: `/api/products?category=Stock%20Facets&${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as ProductList;
}
const names = (r: ProductList) => r.products.map((p) => p.name).sort();
const counts = (values: { value: string; count: number }[]) =>
  Object.fromEntries(values.map((v) => [v.value, v.count]));

async function move(productId: string, key: string, change: number): Promise<void> {
  const variant = (await variantsOf(a.db, productId)).find((v) => variantKey(v) === key)!;
  await a.db.execute(
    sql`select inventory_move(${variant.id}::uuid, ${change}::int, 'adjustment', null, null)`,
  );
}

describe('listing facets by variant stock', () => {
  it('counts every size and colour without In Stock Only, as before', async () => {
    const all = await list(a, '');
    expect(names(all)).toEqual(['Cap', 'Kurta', 'Tee']);
    expect(counts(all.facets.size)).toEqual({ M: 3, S: 3 });
    expect(counts(all.facets.colour)).toEqual({ Blue: 3, Red: 3 });
  });

  it('with In Stock Only, counts a size or colour only where a variant of it is in stock', async () => {
    for (const app of [a, b]) {
      const inStock = await list(app, 'inStock=true');
      expect(names(inStock)).toEqual(['Kurta', 'Tee']);
      expect(counts(inStock.facets.size)).toEqual({ M: 1, S: 1 });
      expect(counts(inStock.facets.colour)).toEqual({ Blue: 1, Red: 2 });
      expect(names(await list(app, 'inStock=true&size=M'))).toEqual(['Tee']);
      expect(names(await list(app, 'inStock=true&size=S'))).toEqual(['Kurta']);
      expect(names(await list(app, 'inStock=true&colour=Blue'))).toEqual(['Kurta']);
      // Without In Stock Only, a sold-out size still finds its products.
      expect(names(await list(app, 'size=M'))).toEqual(['Cap', 'Kurta', 'Tee']);
    }
  });

  it("follows a variant's stock crossing zero on either process at once", async () => {
    // The last Red/M of the tee sold: the tee stays listed nowhere under In Stock Only.
    await move(tee, 'Red/M', -2);
    for (const app of [a, b]) {
      expect(names(await list(app, 'inStock=true&size=M'))).toEqual([]);
      expect(counts((await list(app, 'inStock=true')).facets.size)).toEqual({ S: 1 });
    }
    // The cap's Blue/M restocked, and a sale of the kurta's Red/S that leaves stock: only M moves.
    await move(cap, 'Blue/M', 4);
    await move(kurta, 'Red/S', -1);
    for (const app of [a, b]) {
      expect(names(await list(app, 'inStock=true&size=M'))).toEqual(['Cap']);
      const inStock = await list(app, 'inStock=true');
      expect(counts(inStock.facets.size)).toEqual({ M: 1, S: 1 });
      expect(counts(inStock.facets.colour)).toEqual({ Blue: 2, Red: 1 });
    }
  });

  it('leaves out a switched-off variant', async () => {
    await a.db.execute(
      sql`update product_variants set active = false where product_id = ${cap}::uuid and size = 'M' and colour = 'Blue'`,
    );
    for (const app of [a, b]) {
      expect(names(await list(app, 'inStock=true&size=M'))).toEqual([]);
      expect(names(await list(app, 'inStock=true'))).toEqual(['Kurta']);
    }
  });
});
