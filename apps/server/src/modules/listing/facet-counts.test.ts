import { discountedPaise, type ProductFacets, type ProductList, RATING_FILTER_VALUES } from '@bazaar/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixtureCatalogue, type ProductRow } from '../../../test/fixtures/products';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { products, productVariants } from '../../db/schema/catalogue';

// Facet counts are shown to shoppers: after any product write they must equal what the live rows say,
// at once, whichever process wrote. Writes here go straight to
// the database, as checkout's stock updates and the admin's writes do; the reply cache is off so every
// answer is read after the write.

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp({ catalogueCacheTtlMs: 0 });
  await insertFixtureCatalogue(a.db);
  // A second server process on the same database.
  b = await createTestApp({ catalogueCacheTtlMs: 0 }, { sameDatabaseAs: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const sale = (r: ProductRow) => discountedPaise(r.pricePaise, r.discount);

interface Query {
  category?: string;
  subCategory?: string;
  brand?: string[];
  colour?: string[];
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  search?: string;
}

function urlOf(q: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    for (const one of Array.isArray(v) ? v : [v]) params.append(k, String(one));
  }
  return `/api/products?${params}`;
}

/** Each product's colours and sizes some active variant of which is in stock. */
type StockOptions = Map<string, { colours: string[]; sizes: string[] }>;

async function stockOptions(): Promise<StockOptions> {
  const variants = await a.db.select().from(productVariants);
  const options: StockOptions = new Map();
  for (const v of variants) {
    if (!v.active || v.stock <= 0) continue;
    const o = options.get(v.productId) ?? { colours: [], sizes: [] };
    if (v.colour && !o.colours.includes(v.colour)) o.colours.push(v.colour);
    if (v.size && !o.sizes.includes(v.size)) o.sizes.push(v.size);
    options.set(v.productId, o);
  }
  return options;
}

/**
 * The facets as the spec defines them, computed here from the rows themselves; with In Stock Only,
 * colours and sizes are those some active variant of which is in stock (decision 190).
 */
function expected(
  rows: ProductRow[],
  q: Query,
  stock: StockOptions,
): { total: number; facets: ProductFacets } {
  const coloursOf = (r: ProductRow) => (q.inStock ? (stock.get(r.id)?.colours ?? []) : r.colours);
  const sizesOf = (r: ProductRow) => (q.inStock ? (stock.get(r.id)?.sizes ?? []) : r.sizes);
  const lower = (v: string | null) => v?.toLowerCase();
  const base = rows.filter(
    (r) =>
      !r.archivedAt &&
      (!q.category || lower(r.category) === q.category.toLowerCase()) &&
      (!q.subCategory || lower(r.subCategory) === q.subCategory.toLowerCase()) &&
      (!q.inStock || r.countInStock > 0) &&
      (!q.search ||
        r.name.toLowerCase().includes(q.search.toLowerCase()) ||
        r.category.toLowerCase().includes(q.search.toLowerCase())),
  );
  const passes = {
    brand: (r: ProductRow) => !q.brand || q.brand.includes(r.brand),
    colour: (r: ProductRow) => !q.colour || coloursOf(r).some((c) => q.colour!.includes(c)),
    price: (r: ProductRow) =>
      (q.minPrice === undefined || sale(r) >= q.minPrice * 100) &&
      (q.maxPrice === undefined || sale(r) <= q.maxPrice * 100),
  };
  const without = (skip?: keyof typeof passes) =>
    base.filter((r) =>
      (Object.keys(passes) as (keyof typeof passes)[]).every((k) => k === skip || passes[k](r)),
    );
  const tally = (values: string[]) =>
    [...values.reduce((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map<string, number>())]
      .map(([value, count]) => ({ value, count }))
      .sort((x, y) => y.count - x.count || x.value.localeCompare(y.value));
  const all = without();
  const priced = without('price').map(sale);
  return {
    total: all.length,
    facets: {
      brand: tally(without('brand').map((r) => r.brand)),
      material: tally(all.flatMap((r) => (r.material ? [r.material] : []))),
      colour: tally(without('colour').flatMap((r) => [...new Set(coloursOf(r))])),
      size: tally(all.flatMap((r) => [...new Set(sizesOf(r))])),
      rating: RATING_FILTER_VALUES.map((value) => ({
        value,
        count: all.filter((r) => r.rating >= value).length,
      })),
      price: {
        min: priced.length ? Math.min(...priced) / 100 : 0,
        max: priced.length ? Math.max(...priced) / 100 : 0,
      },
    },
  };
}

/**
 * Filter sets covering a category path alone (a node's kept tally), a path and a price range (with
 * or without brands, narrow or wide, open at either end, at every depth of the path) and a search.
 */
const QUERIES: Query[] = [
  {},
  { category: 'Electronics' },
  { category: 'fashion', subCategory: 'MEN' },
  { category: 'Electronics', brand: ['Acme', 'Orbit'] },
  { category: 'Fashion', brand: ['Acme'], minPrice: 150, maxPrice: 700 },
  { category: 'Fashion', brand: ['Acme', 'Zenith'], minPrice: 120, maxPrice: 880 },
  { category: 'Fashion', minPrice: 120, maxPrice: 880 },
  { category: 'fashion', subCategory: 'Men', brand: ['Orbit'], minPrice: 101, maxPrice: 640 },
  { category: 'Electronics', minPrice: 300, maxPrice: 310 },
  { category: 'Electronics', brand: ['Acme'], colour: ['Red'], minPrice: 150, maxPrice: 700 },
  { brand: ['Acme', 'Zenith'], minPrice: 200 },
  { maxPrice: 500 },
  { brand: ['Zenith'], colour: ['Red', 'Green'] },
  { minPrice: 200 },
  { inStock: true },
  { inStock: true, category: 'Fashion', colour: ['Red'] },
  { search: 'lamp' },
  { search: 'e', brand: ['Orbit'], maxPrice: 900 },
];

/** Every filter set's total and facets, from both processes, equal what the rows say now. */
async function expectExact(): Promise<void> {
  const rows = await a.db.select().from(products);
  const stock = await stockOptions();
  for (const q of QUERIES) {
    const want = expected(rows, q, stock);
    for (const t of [a, b]) {
      const res = await t.app.inject({ method: 'GET', url: urlOf(q) });
      expect(res.statusCode, res.body).toBe(200);
      const got = res.json() as ProductList;
      expect({ total: got.total, facets: got.facets }, JSON.stringify(q)).toEqual(want);
    }
  }
  // The listing the memory index loads equals the live products.
  const stale = await a.db.execute(sql`
    select count(*)::int as n from products p full join catalogue_listing l on l.product_id = p.id
    where (p.archived_at is null) is distinct from (l.product_id is not null)
      or (l.product_id is not null and l is distinct from catalogue_listing_of(p))`);
  expect((stale as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
}

const byName = async (name: string) => {
  const [row] = await a.db.select().from(products).where(eq(products.name, name));
  return row!;
};

describe('facet counts stay exact after every kind of product write', () => {
  it('are exact on the fixture catalogue', async () => {
    await expectExact();
  });

  it('after a price or discount change (the slider bounds and price-filtered counts move)', async () => {
    const lamp = await byName('Desk Lamp 3');
    await a.db.update(products).set({ pricePaise: 9_999_900 }).where(eq(products.id, lamp.id));
    const shirt = await byName('Casual Shirt 12');
    await a.db.update(products).set({ discount: 90 }).where(eq(products.id, shirt.id));
    await expectExact();
    // Into a band wholly inside the Fashion ranges above, and out of one within its category.
    const fashion = await a.db.select().from(products).where(eq(products.category, 'Fashion'));
    const dear = fashion.find((r) => sale(r) > 90_000)!;
    const cheap = fashion.find((r) => sale(r) >= 30_000 && sale(r) < 50_000)!;
    await a.db.update(products).set({ pricePaise: 30_000, discount: 0 }).where(eq(products.id, dear.id));
    await a.db.update(products).set({ pricePaise: 95_000, discount: 0 }).where(eq(products.id, cheap.id));
    await expectExact();
  });

  it('after a brand, material, colour, size or rating change', async () => {
    const mat = await byName('Yoga Mat 5');
    await a.db
      .update(products)
      .set({ brand: 'Nova', material: 'Rubber', colours: ['Purple', 'Red'], sizes: ['XXL'], rating: 4.9 })
      .where(eq(products.id, mat.id));
    await expectExact();
  });

  it('after a category change, at every level of the path', async () => {
    const dress = await byName('Summer Dress 4');
    await a.db
      .update(products)
      .set({ category: 'Electronics', subCategory: 'Audio', option: null, subOption: null })
      .where(eq(products.id, dress.id));
    const phones = await byName('Wireless Headphones 1');
    await a.db.update(products).set({ subCategory: 'Men' }).where(eq(products.id, phones.id));
    await expectExact();
  });

  it("after stock changes, checkout's conditional decrement included", async () => {
    const laptop = await byName('Laptop 2');
    for (let i = 0; i < laptop.countInStock; i++) {
      const taken = await a.db
        .update(products)
        .set({ countInStock: sql`${products.countInStock} - 1` })
        .where(sql`${products.id} = ${laptop.id} and ${products.countInStock} >= 1`)
        .returning({ id: products.id });
      expect(taken).toHaveLength(1);
    }
    await expectExact();
    await a.db.update(products).set({ countInStock: 4 }).where(eq(products.id, laptop.id));
    await expectExact();
  });

  it('after an archive and an un-archive', async () => {
    const watch = await byName('Fashion Watch');
    await a.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, watch.id));
    await expectExact();
    const res = await a.app.inject({
      method: 'GET',
      url: `/api/products?search=${encodeURIComponent('Fashion Watch')}`,
    });
    expect((res.json() as ProductList).total).toBe(0);
    await a.db.update(products).set({ archivedAt: null }).where(eq(products.id, watch.id));
    await expectExact();
  });

  it('after products are created and deleted, one by one and many at once', async () => {
    await a.db.insert(products).values({
      name: 'Bamboo Desk Lamp',
      pricePaise: 45_000,
      category: 'Home & Kitchen',
      subCategory: 'Lighting',
      option: 'Lamps',
      brand: 'Acme',
      material: 'Bamboo',
      colours: ['Green', 'Green'],
      sizes: ['M'],
      rating: 3.5,
      countInStock: 2,
    });
    await a.db.insert(products).values(
      Array.from({ length: 30 }, (_, i) => ({
        name: `Bulk Item ${i}`,
        pricePaise: 10_000 + i * 1000,
        category: i % 2 ? 'Electronics' : 'Fashion',
        subCategory: i % 3 ? 'Men' : null,
        brand: ['Acme', 'Orbit', 'Zenith'][i % 3]!,
        colours: i % 4 ? ['Red'] : [],
        countInStock: i % 5,
      })),
    );
    await expectExact();
    const bulk = await a.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.name} like 'Bulk Item 1%'`);
    await a.db.delete(products).where(
      inArray(
        products.id,
        bulk.map((r) => r.id),
      ),
    );
    await expectExact();
  });

  it('when two processes write products of the same category at the same time', async () => {
    // As the admin and checkout write: one product per transaction, many at once.
    const rows = await a.db.select().from(products).where(eq(products.category, 'Electronics'));
    await Promise.all([
      ...rows.map((r, i) =>
        (i % 2 ? a : b).db
          .update(products)
          .set({
            brand: i % 3 ? 'Orbit' : 'Acme',
            pricePaise: r.pricePaise + 100,
            archivedAt: i % 5 ? null : new Date(),
          })
          .where(eq(products.id, r.id)),
      ),
      ...rows.map((_, i) =>
        (i % 2 ? b : a).db.insert(products).values({
          name: `Racing ${i}`,
          pricePaise: 5000 + i,
          category: 'Electronics',
          brand: 'Acme',
          colours: ['Red'],
        }),
      ),
    ]);
    await expectExact();
  });
});
