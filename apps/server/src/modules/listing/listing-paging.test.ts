import { PRODUCT_SORTS, type ProductList } from '@bazaar/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixtureCatalogue } from '../../../test/fixtures/products';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { products } from '../../db/schema/catalogue';
import { encodeCursor } from './listing-cursor';
import { literal } from './sql-runner';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ catalogueCacheTtlMs: 0 });
  await insertFixtureCatalogue(t.db);
});
afterAll(async () => t.close());

async function list(query: string): Promise<ProductList> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let inserted = 0;
/** Products that sort first, last and in between under every order. */
async function insertAround(): Promise<void> {
  inserted += 1;
  const n = inserted;
  const at = (days: number) => new Date(Date.UTC(2025, 0, 1) + days * 86_400_000);
  await t.db.insert(products).values([
    // First in featured, rating, newest and size orders, first in price-high; last in price-low.
    {
      sizes: ['XXS', '9'],
      name: `Top Lamp ${n}`,
      pricePaise: 9_000_000 + n,
      rating: 5,
      numReviews: 10_000 + n,
      isFeatured: true,
      category: 'Home & Kitchen',
      createdAt: at(1000 + n),
    },
    // Last in featured, rating, newest and size (no sizes); first in price-low.
    {
      name: `Bottom Lamp ${n}`,
      pricePaise: n,
      rating: 0,
      numReviews: 0,
      category: 'Home & Kitchen',
      createdAt: at(-1000 - n),
    },
    // Somewhere in the middle.
    {
      sizes: ['10', 'M'],
      name: `Middle Lamp ${n}`,
      pricePaise: 30_000 + n,
      rating: 2.5,
      numReviews: 40,
      category: 'Home & Kitchen',
      createdAt: at(20),
    },
  ]);
}

/** Walks every page through nextCursor, inserting products between pages; returns the ids seen, in order. */
async function walk(query: string): Promise<{ seen: string[]; before: Set<string> }> {
  const first = await list(`${query}&limit=100`);
  const before = new Set(first.products.map((p) => p._id));
  expect(first.total).toBe(before.size);
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 1; page < 50; page++) {
    const body: ProductList = await list(`${query}&limit=7&page=${page}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...body.products.map((p) => p._id));
    cursor = body.nextCursor;
    if (!cursor) break;
    await insertAround();
  }
  expect(cursor).toBeNull();
  return { seen, before };
}

describe('seek paging with nextCursor', () => {
  for (const sort of PRODUCT_SORTS) {
    it(`never skips or repeats a product while products are inserted between pages (${sort})`, async () => {
      const { seen, before } = await walk(`category=home%20%26%20kitchen&sort=${sort}`);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of before) expect(seen).toContain(id);
    });
  }

  it('does the same under a search, in its ranked order', async () => {
    const { seen, before } = await walk('search=lamp');
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
  });

  it('gives the same pages as page numbers when nothing changes', async () => {
    const byNumber = [
      ...(await list('sort=price-low&limit=9&page=1')).products,
      ...(await list('sort=price-low&limit=9&page=2')).products,
    ];
    const first = await list('sort=price-low&limit=9');
    const second = await list(`sort=price-low&limit=9&page=2&cursor=${first.nextCursor}`);
    expect([...first.products, ...second.products].map((p) => p._id)).toEqual(byNumber.map((p) => p._id));
    expect(second.page).toBe(2);
    expect(second.total).toBe(first.total);
  });

  it('says there is no next page on the last one', async () => {
    const all = await list('category=fashion&limit=100');
    expect(all.nextCursor).toBeNull();
    const exact = await list(`category=fashion&limit=${all.total}`);
    expect(exact.nextCursor).toBeNull();
    const short = await list(`category=fashion&limit=${all.total - 1}`);
    expect(short.nextCursor).not.toBeNull();
  });

  it('answers a cursor that is not one, or is another order’s, with a 400', async () => {
    const other = (await list('sort=price-low&limit=5')).nextCursor!;
    const bad = [
      'not-a-cursor',
      other,
      Buffer.from('{"a":1}').toString('base64url'),
      encodeCursor({ sort: 'featured', key: ['true', '5', '10', "x'; drop table products; --"] }),
      encodeCursor({ sort: 'featured', key: ['maybe', '5', '10', '00000000-0000-4000-8000-000000000000'] }),
      encodeCursor({ sort: 'featured', key: ['true', '5'] }),
    ];
    for (const cursor of bad) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/products?sort=featured&cursor=${encodeURIComponent(cursor)}`,
      });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { cursor: 'is not valid' } });
    }
  });
});

describe('search terms reach the database as themselves', () => {
  it("matches quotes, backslashes and LIKE wildcards literally, on every driver's path", async () => {
    await t.db.insert(products).values([
      { name: "Kid's O'Brien Kurta", pricePaise: 1000, category: 'Fashion' },
      { name: 'Back\\slash Tee', pricePaise: 1000, category: 'Fashion' },
    ]);
    for (const [term, name] of [
      ["o'brien", "Kid's O'Brien Kurta"],
      ["kid's o'b", "Kid's O'Brien Kurta"],
      ['k\\s', 'Back\\slash Tee'],
    ] as const) {
      for (let i = 0; i < 7; i++) {
        // Repeated: the first few runs and the prepared ones after them take different paths.
        const body = await list(`search=${encodeURIComponent(term)}`);
        expect(body.products.map((p) => p.name)).toEqual([name]);
        expect(body.total).toBe(1);
      }
    }
    const count = await t.db.execute(sql`select count(*)::int as n from ${products}`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(50);
  });

  it('writes values as literals that mean themselves', () => {
    expect(literal("it's")).toBe("'it''s'");
    expect(literal('a\\b')).toBe("E'a\\\\b'");
    expect(literal("a\\'b")).toBe("E'a\\\\''b'");
    expect(literal(['x', 'y"z', 'w\\v'])).toBe(`E'{"x","y\\\\"z","w\\\\\\\\v"}'`);
    expect(literal([])).toBe("'{}'");
    expect(literal(42)).toBe("'42'");
    expect(literal(null)).toBe('null');
    expect(() => literal(Number.NaN)).toThrow();
  });
});

describe('the size order', () => {
  it('follows a product whose sizes change', async () => {
    const [tee, kurta] = await t.db
      .insert(products)
      .values([
        { name: 'Size Tee', pricePaise: 1000, category: 'Size Test', sizes: ['L', 'XL'] },
        { name: 'Size Kurta', pricePaise: 1000, category: 'Size Test', sizes: ['M', '38'] },
      ])
      .returning();
    const names = async () => (await list('category=size%20test&sort=size')).products.map((p) => p.name);
    expect(await names()).toEqual(['Size Kurta', 'Size Tee']);
    await t.db
      .update(products)
      .set({ sizes: ['3XL', 'XS'] })
      .where(sql`${products.id} = ${tee!.id}`);
    expect(await names()).toEqual(['Size Tee', 'Size Kurta']);
    await t.db.update(products).set({ sizes: [] }).where(sql`${products.id} = ${tee!.id}`);
    await t.db
      .update(products)
      .set({ sizes: ['42', '7.5'] })
      .where(sql`${products.id} = ${kurta!.id}`);
    expect(await names()).toEqual(['Size Kurta', 'Size Tee']);
  });
});
