import { discountedPaise, type Product, type ProductList } from '@bazaar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixtureCatalogue, type ProductRow } from '../../../test/fixtures/products';
import { createTestApp, type TestApp } from '../../../test/helpers';

// Every case runs twice: with the reply cache (summaries shared between pages) and without it
// (every request counts in the statements that find its page).
describe.each([
  { mode: 'on', catalogueCacheTtlMs: 5000 },
  { mode: 'off', catalogueCacheTtlMs: 0 },
])('reply cache $mode', ({ catalogueCacheTtlMs }) => {
  let t: TestApp;
  let rows: ProductRow[];

  beforeAll(async () => {
    t = await createTestApp({ catalogueCacheTtlMs });
    rows = await insertFixtureCatalogue(t.db);
  });
  afterAll(async () => t.close());

  const sale = (r: ProductRow) => discountedPaise(r.pricePaise, r.discount);

  async function list(query: string): Promise<ProductList> {
    const res = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** Every matching product, walking all pages at the largest size. */
  async function all(query: string): Promise<Product[]> {
    const first = await list(`${query}&limit=100`);
    expect(first.total).toBe(first.products.length);
    return first.products;
  }

  const idsOf = (xs: { _id?: string; id?: string }[]) => xs.map((x) => x._id ?? x.id).sort();
  const expectSameSet = (got: Product[], want: ProductRow[]) => {
    expect(want.length).toBeGreaterThan(0);
    expect(idsOf(got)).toEqual(idsOf(want));
  };

  describe('GET /api/products: shape and paging', () => {
    it('pages on the server, 24 by default, and reports total and pages', async () => {
      const body = await list('');
      expect(body.products).toHaveLength(24);
      expect(body.total).toBe(50);
      expect(body.page).toBe(1);
      expect(body.pages).toBe(3);
      const last = await list('page=3');
      expect(last.products).toHaveLength(2);
    });

    it('answers a page beyond the last with no products and the right total', async () => {
      const body = await list('page=9&limit=10');
      expect(body.products).toEqual([]);
      expect(body.total).toBe(50);
      expect(body.pages).toBe(5);
      expect(body.page).toBe(9);
    });

    it('never repeats or drops a product across pages', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const body = await list(`sort=price-low&limit=15&page=${page}`);
        seen.push(...body.products.map((p) => p._id));
      }
      expect(new Set(seen).size).toBe(50);
    });

    it('shows prices in rupees, image URLs and the spec field names', async () => {
      const row = rows.find((r) => r.sku === 'SKU-0003')!;
      const body = await list('search=Desk Lamp 3&limit=100');
      const p = body.products.find((x) => x._id === row.id)!;
      expect(p).toMatchObject({
        name: 'Desk Lamp 3',
        price: row.pricePaise / 100,
        discount: row.discount,
        salePrice: sale(row) / 100,
        inStock: true,
        productImage: '/uploads/products/item-3.webp',
        images: ['/uploads/products/item-3.webp', '/uploads/products/item-3-back.webp'],
        dateAdded: row.createdAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
        category: 'Home & Kitchen',
        subOption: null,
      });
      expect(p.discount).toBeGreaterThan(0);
      const watch = (await list('search=watch')).products[0]!;
      expect(watch.productImage).toBe('https://cdn.example.com/watch.jpg');
      expect(watch.images).toEqual(['https://cdn.example.com/watch.jpg']);
    });
  });

  describe('GET /api/products: filters', () => {
    it('filters by each level of the category path, case-insensitively', async () => {
      expectSameSet(
        await all('category=electronics'),
        rows.filter((r) => r.category === 'Electronics'),
      );
      expectSameSet(
        await all('category=Fashion&subCategory=Men'),
        rows.filter((r) => r.category === 'Fashion' && r.subCategory === 'Men'),
      );
      expectSameSet(
        await all('category=Electronics&subCategory=Audio&option=Headphones'),
        rows.filter((r) => r.option === 'Headphones'),
      );
      expectSameSet(
        await all('category=Sports&subCategory=Fitness&option=Yoga&subOption=MATS'),
        rows.filter((r) => r.subOption === 'Mats'),
      );
    });

    it('filters by sale price in rupees, both bounds inclusive', async () => {
      const got = await all('minPrice=300&maxPrice=600');
      expectSameSet(
        got,
        rows.filter((r) => sale(r) >= 30_000 && sale(r) <= 60_000),
      );
      for (const p of got) expect(p.salePrice).toBeGreaterThanOrEqual(300);
    });

    it('filters by rating at least', async () => {
      expectSameSet(
        await all('rating=4'),
        rows.filter((r) => r.rating >= 4),
      );
    });

    it('matches any of several brands, and combines criteria by AND', async () => {
      expectSameSet(
        await all('brand=Acme&brand=Orbit'),
        rows.filter((r) => r.brand === 'Acme' || r.brand === 'Orbit'),
      );
      expectSameSet(
        await all('brand=Acme&material=Cotton'),
        rows.filter((r) => r.brand === 'Acme' && r.material === 'Cotton'),
      );
    });

    it('matches any of several colours or sizes', async () => {
      expectSameSet(
        await all('colour=Red&colour=Green'),
        rows.filter((r) => r.colours.includes('Red') || r.colours.includes('Green')),
      );
      expectSameSet(
        await all('size=XL'),
        rows.filter((r) => r.sizes.includes('XL')),
      );
      expectSameSet(
        await all('size=L&colour=Red'),
        rows.filter((r) => r.sizes.includes('L') && r.colours.includes('Red')),
      );
    });

    it('filters in-stock, on-sale and featured products', async () => {
      expectSameSet(
        await all('inStock=true'),
        rows.filter((r) => r.countInStock > 0),
      );
      expectSameSet(
        await all('onSale=true'),
        rows.filter((r) => r.discount > 0),
      );
      expectSameSet(
        await all('featured=true'),
        rows.filter((r) => r.isFeatured),
      );
      expect((await list('inStock=false')).total).toBe(50);
    });
  });

  describe('GET /api/products: search', () => {
    it('matches names case-insensitively as a substring', async () => {
      expectSameSet(
        await all('search=LAMP'),
        rows.filter((r) => r.name.toLowerCase().includes('lamp')),
      );
    });

    it('matches by category and puts name matches first', async () => {
      const got = await all('search=fashion');
      expectSameSet(
        got,
        rows.filter((r) => r.category === 'Fashion' || r.name.includes('Fashion')),
      );
      expect(got[0]!.name).toBe('Fashion Watch');
      expect(got.slice(1).every((p) => p.category === 'Fashion')).toBe(true);
    });

    it('treats % and _ in the term literally', async () => {
      expect((await all('search=100%25')).map((p) => p.name)).toEqual(['100% Cotton_Tee']);
      expect((await all('search=n_t')).map((p) => p.name)).toEqual(['100% Cotton_Tee']);
      expect((await list('search=%25%25%25')).total).toBe(0);
    });

    it('keeps an explicit sort strict under a search', async () => {
      const got = await all('search=fashion&sort=price-low');
      const prices = got.map((p) => p.salePrice);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    });
  });

  describe('GET /api/products: sorts', () => {
    const cmpId = (a: ProductRow, b: ProductRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const expectOrder = async (query: string, compare: (a: ProductRow, b: ProductRow) => number) => {
      const got = await all(query);
      expect(got.map((p) => p._id)).toEqual([...rows].sort(compare).map((r) => r.id));
    };

    it('sorts by sale price low to high and high to low, ties by id in the same direction', async () => {
      await expectOrder('sort=price-low', (a, b) => sale(a) - sale(b) || cmpId(a, b));
      await expectOrder('sort=price-high', (a, b) => sale(b) - sale(a) || cmpId(b, a));
    });

    it('sorts by rating, then review count', async () => {
      await expectOrder(
        'sort=rating',
        (a, b) => b.rating - a.rating || b.numReviews - a.numReviews || cmpId(b, a),
      );
    });

    it('sorts newest first', async () => {
      await expectOrder(
        'sort=newest',
        (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || cmpId(b, a),
      );
    });

    it('sorts by the smallest size on offer, letter sizes before number sizes, no sizes last', async () => {
      const LETTERS = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];
      const rank = (r: ProductRow) =>
        Math.min(
          32767,
          ...r.sizes.map((s) =>
            LETTERS.includes(s) ? LETTERS.indexOf(s) + 1 : /^\d+$/.test(s) ? 100 + 2 * Number(s) : 30000,
          ),
        );
      await expectOrder('sort=size', (a, b) => rank(a) - rank(b) || cmpId(a, b));
    });

    it('sorts featured first by default', async () => {
      const featured = (a: ProductRow, b: ProductRow) =>
        Number(b.isFeatured) - Number(a.isFeatured) ||
        b.rating - a.rating ||
        b.numReviews - a.numReviews ||
        cmpId(b, a);
      await expectOrder('sort=featured', featured);
      await expectOrder('', featured);
    });
  });

  describe('GET /api/products: facets', () => {
    const count = (xs: { value: string | number; count: number }[], value: string | number) =>
      xs.find((x) => x.value === value)?.count ?? 0;

    it('counts brand, material, colour, size, rating and price over the matching products', async () => {
      const { facets, total } = await list('category=Fashion');
      const fashion = rows.filter((r) => r.category === 'Fashion');
      expect(total).toBe(fashion.length);
      for (const b of ['Acme', 'Zenith', 'Orbit', 'Generic']) {
        expect(count(facets.brand, b)).toBe(fashion.filter((r) => r.brand === b).length);
      }
      expect(count(facets.material, 'Cotton')).toBe(fashion.filter((r) => r.material === 'Cotton').length);
      expect(facets.material.some((m) => m.value === null)).toBe(false);
      expect(count(facets.colour, 'Red')).toBe(fashion.filter((r) => r.colours.includes('Red')).length);
      expect(count(facets.size, 'M')).toBe(fashion.filter((r) => r.sizes.includes('M')).length);
      expect(facets.rating.map((r) => r.value)).toEqual([4, 3, 2, 1]);
      for (const r of facets.rating) {
        expect(r.count).toBe(fashion.filter((x) => x.rating >= r.value).length);
      }
      expect(facets.price.min).toBe(Math.min(...fashion.map(sale)) / 100);
      expect(facets.price.max).toBe(Math.max(...fashion.map(sale)) / 100);
      // most frequent first
      const counts = facets.brand.map((b) => b.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    });

    it("leaves a facet's own selection out of its counts, but applies the others", async () => {
      const { facets, total } = await list('brand=Acme&colour=Red');
      const red = rows.filter((r) => r.colours.includes('Red'));
      const acme = rows.filter((r) => r.brand === 'Acme');
      expect(total).toBe(red.filter((r) => r.brand === 'Acme').length);
      // brand counts ignore the brand choice, so other brands stay selectable
      expect(count(facets.brand, 'Zenith')).toBe(red.filter((r) => r.brand === 'Zenith').length);
      expect(count(facets.brand, 'Acme')).toBe(total);
      expect(count(facets.colour, 'Green')).toBe(acme.filter((r) => r.colours.includes('Green')).length);
      expect(count(facets.size, 'S')).toBe(
        rows.filter((r) => r.brand === 'Acme' && r.colours.includes('Red') && r.sizes.includes('S')).length,
      );
    });

    it('gives the price bounds without the price filter itself', async () => {
      const { facets } = await list('minPrice=500&maxPrice=600');
      expect(facets.price.min).toBe(Math.min(...rows.map(sale)) / 100);
      expect(facets.price.max).toBe(Math.max(...rows.map(sale)) / 100);
    });

    it('answers an empty result with zero counts', async () => {
      const body = await list('search=nothing-matches-this');
      expect(body).toMatchObject({ products: [], total: 0, pages: 0 });
      expect(body.facets.brand).toEqual([]);
      expect(body.facets.rating.every((r) => r.count === 0)).toBe(true);
      expect(body.facets.price).toEqual({ min: 0, max: 0 });
    });
  });

  describe('GET /api/products: bad parameters', () => {
    const cases: [string, string][] = [
      ['minPrice=-5', 'minPrice'],
      ['maxPrice=abc', 'maxPrice'],
      ['sort=cheapest', 'sort'],
      ['limit=10000', 'limit'],
      ['limit=0', 'limit'],
      ['page=0', 'page'],
      ['rating=7', 'rating'],
      ['inStock=yes', 'inStock'],
      ['colour=red&bogus=1', 'bogus'],
      ['minPrice=500&maxPrice=100', 'maxPrice'],
    ];
    for (const [query, field] of cases) {
      it(`answers ${query} with a 400 naming ${field}`, async () => {
        const res = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
        expect(res.statusCode).toBe(400);
        const body = res.json();
        expect(body.code).toBe('VALIDATION');
        expect(Object.keys(body.fields)).toEqual([field]);
        expect(body.message).toContain(field);
      });
    }
  });

  describe('GET /api/products/:id', () => {
    it('answers one product with up to 8 related products of its category, in stock first', async () => {
      const target = rows.find((r) => r.category === 'Electronics' && r.name.startsWith('Laptop'))!;
      const res = await t.app.inject({ method: 'GET', url: `/api/products/${target.id}` });
      expect(res.statusCode).toBe(200);
      const { product, related } = res.json() as { product: Product; related: Product[] };
      expect(product._id).toBe(target.id);
      expect(product.name).toBe(target.name);
      const sameCategory = rows.filter((r) => r.category === 'Electronics' && r.id !== target.id);
      expect(sameCategory.length).toBeGreaterThan(8);
      expect(related).toHaveLength(8);
      expect(related.every((p) => p.category === 'Electronics' && p._id !== target.id)).toBe(true);
      const inStock = related.map((p) => p.inStock);
      expect(inStock).toEqual([...inStock].sort((a, b) => Number(b) - Number(a)));
      // the best rated in-stock products are the ones chosen
      const best = sameCategory
        .filter((r) => r.countInStock > 0)
        .sort((a, b) => b.rating - a.rating || (a.id < b.id ? 1 : -1))
        .slice(0, 8);
      expect(related.map((p) => p._id)).toEqual(best.map((r) => r.id));
    });

    it('answers an unknown id with a JSON 404', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/products/00000000-0000-4000-8000-000000000000',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
    });

    it('answers a malformed id with a JSON 404, not a 500', async () => {
      for (const id of ['not-a-uuid', '123', "1'%20or%20'1'='1"]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
      }
    });
  });

  describe('GET /api/products/suggestions', () => {
    it('gives at most 6 name matches, names starting with the term first', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/products/suggestions?q=a' });
      expect(res.statusCode).toBe(200);
      const { suggestions } = res.json() as { suggestions: { name: string; salePrice: number }[] };
      expect(suggestions).toHaveLength(6);
      for (const s of suggestions) expect(s.name.toLowerCase()).toContain('a');

      const lamp = await t.app.inject({ method: 'GET', url: '/api/products/suggestions?q=lamp' });
      const names = lamp.json().suggestions.map((s: { name: string }) => s.name);
      expect(names).toHaveLength(6);
      expect(names.every((n: string) => n.startsWith('Desk Lamp'))).toBe(true);

      const shirt = await t.app.inject({
        method: 'GET',
        url: '/api/products/suggestions?q=casual%20shirt%2012',
      });
      const one = shirt.json().suggestions;
      const row = rows.find((r) => r.name === 'Casual Shirt 12')!;
      expect(one).toEqual([
        {
          _id: row.id,
          name: 'Casual Shirt 12',
          category: 'Fashion',
          salePrice: sale(row) / 100,
          productImage: '/uploads/products/item-12.webp',
        },
      ]);
    });

    it('ranks a name starting with the term before one containing it', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/products/suggestions?q=fash' });
      expect(res.json().suggestions.map((s: { name: string }) => s.name)).toEqual(['Fashion Watch']);
      const tee = await t.app.inject({ method: 'GET', url: '/api/products/suggestions?q=cotton' });
      expect(tee.json().suggestions.map((s: { name: string }) => s.name)).toEqual(['100% Cotton_Tee']);
    });

    it('answers an empty term with no suggestions', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/products/suggestions?q=%20' });
      expect(res.json()).toEqual({ suggestions: [] });
    });
  });
});
