import { PRODUCT_SORTS, type ProductListParams, productListQuerySchema } from '@bazaar/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductInsert } from '../../../../test/fixtures/products';
import { createTestApp, type TestApp } from '../../../../test/helpers';
import { ReferenceListing } from '../../../../test/reference-listing';
import { products } from '../../../db/schema/catalogue';
import { pruneListingChanges } from '../listing-changes.repo';
import type { ListingIndex, PageRequest } from '../listing-index';
import { toFilters } from '../product-filters';
import { SqlRunner } from '../sql-runner';
import { readListing } from './listing-feed.repo';
import { ListingMemory } from './listing-memory';
import { MemoryListingIndex } from './memory-listing-index';
import { Slices } from './slices';

// The in-memory index must answer every listing as plain SQL does (test/reference-listing.ts): the
// same page, keys, total and facets for any catalogue, filters, order and page, and again after any
// writes made behind its back (straight to the database, as checkout's and scripts' are). fast-check
// makes the catalogues, the filters and the writes. A search's relevance order is the index's own,
// so there only the matches and counts must agree.

let t: TestApp;
let memory: MemoryListingIndex;
let postgres: ReferenceListing;

beforeAll(async () => {
  t = await createTestApp({ catalogueCacheTtlMs: 0 });
  const runner = new SqlRunner(t.deps.database);
  memory = new MemoryListingIndex(runner, t.deps.log);
  postgres = new ReferenceListing(runner);
});
afterAll(async () => {
  await memory?.close();
  await t?.close();
});

const PATHS = [
  ['Fashion', 'Men', 'Shirts', 'Casual'],
  ['Fashion', 'Men', 'Shirts', null],
  ['FASHION', 'men', null, null],
  ['Fashion', 'Women', null, null],
  ['Electronics', 'Audio', 'Headphones', null],
  ['Electronics', null, 'Loose', null],
  ['Home & Kitchen', null, null, null],
] as const;
const BRANDS = ['Acme', 'Zenith', 'Orbit', 'acme'];
const MATERIALS = ['Cotton', 'Steel', null];
const COLOURS = ['red', 'blue', 'black', 'Red', 'white'];
const SIZES = ['S', 'M', 'XL', '8', '10', 'Free Size'];
const WORDS = [
  'leather',
  'lamp',
  'shirt',
  'wireless',
  'tea',
  'smart',
  'héllo',
  't-shirt',
  '100%',
  'o_k',
  'Lamp',
];
const RATINGS = [0, 0.5, 1, 2.5, 3, 3.7, 4, 4.2, 4.5, 5];
const PRICES = [0, 100, 999, 10_000, 25_050, 49_900, 100_000];
const DAYS = [0, 1, 1, 2, 30];

const subset = <T>(values: readonly T[]) => fc.subarray([...values], { maxLength: 3 });

const productArb: fc.Arbitrary<ProductInsert> = fc
  .record({
    path: fc.constantFrom(...PATHS),
    words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
    tags: subset(WORDS),
    brand: fc.constantFrom(...BRANDS),
    material: fc.constantFrom(...MATERIALS),
    colours: subset(COLOURS),
    sizes: subset(SIZES),
    rating: fc.constantFrom(...RATINGS),
    numReviews: fc.constantFrom(0, 3, 3, 40),
    pricePaise: fc.constantFrom(...PRICES),
    discount: fc.constantFrom(0, 0, 10, 50, 100),
    countInStock: fc.constantFrom(0, 5),
    isFeatured: fc.boolean(),
    day: fc.constantFrom(...DAYS),
  })
  .map((p) => ({
    name: p.words.join(' '),
    category: p.path[0],
    subCategory: p.path[1],
    option: p.path[2],
    subOption: p.path[3],
    tags: p.tags,
    brand: p.brand,
    material: p.material,
    colours: p.colours,
    sizes: p.sizes,
    rating: p.rating,
    numReviews: p.numReviews,
    pricePaise: p.pricePaise,
    discount: p.discount,
    countInStock: p.countInStock,
    isFeatured: p.isFeatured,
    createdAt: new Date(Date.UTC(2025, 0, 1) + p.day * 86_400_000),
  }));

/** Mostly absent, as most listings set a few filters only. */
const option = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: arb, weight: 1 });
const fewOf = <T>(values: readonly T[]) =>
  fc.oneof({ arbitrary: fc.constant([]), weight: 3 }, { arbitrary: subset(values), weight: 1 });

const queryArb: fc.Arbitrary<ProductListParams> = fc
  .record({
    search: option(
      fc.constantFrom(
        'leather',
        'lamp',
        'sh',
        'e',
        'fashion',
        'audio',
        'héllo',
        '100%',
        'o_k',
        'xyz',
        't-sh',
        'smart tea',
      ),
    ),
    category: option(fc.constantFrom('Fashion', 'electronics', 'Home & Kitchen', 'Nowhere')),
    subCategory: option(fc.constantFrom('Men', 'audio', 'Women')),
    option: option(fc.constantFrom('Shirts', 'loose', 'Headphones')),
    subOption: option(fc.constantFrom('casual')),
    minPrice: option(fc.constantFrom(0, 1, 100, 250.5, 500)),
    maxPrice: option(fc.constantFrom(1, 99.99, 250.5, 1000)),
    rating: option(fc.integer({ min: 1, max: 5 })),
    brand: fewOf([...BRANDS, 'Nobody']),
    material: fewOf(['Cotton', 'Steel', 'Glass']),
    colour: fewOf([...COLOURS, 'purple']),
    size: fewOf([...SIZES, 'XXS']),
    inStock: option(fc.boolean()),
    onSale: option(fc.boolean()),
    featured: option(fc.boolean()),
    sort: fc.constantFrom(...PRODUCT_SORTS),
    page: fc.integer({ min: 1, max: 3 }),
    limit: fc.integer({ min: 1, max: 9 }),
  })
  .map((q) => {
    const { minPrice, maxPrice } = q;
    // The service refuses a range upside down before asking any index.
    const swapped = minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice;
    const query: Record<string, unknown> = { ...q };
    if (swapped) [query.minPrice, query.maxPrice] = [maxPrice, minPrice];
    for (const k of Object.keys(query)) {
      if (query[k] === undefined) delete query[k];
      // A query string's flags are text.
      else if (typeof query[k] === 'boolean') query[k] = String(query[k]);
    }
    return productListQuerySchema.parse(query);
  });

/** The query as the route parses it, the fields left undefined dropped. */
function parsedQuery(q: Record<string, unknown>): ProductListParams {
  const query = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined));
  return productListQuerySchema.parse(query);
}

/** The commonest shop filter: a category (or none), some brands, perhaps a price range. */
const brandsAndPriceArb: fc.Arbitrary<ProductListParams> = fc
  .record({
    category: option(fc.constantFrom('Fashion', 'electronics')),
    brand: fc.subarray([...BRANDS, 'Nobody'], { minLength: 1, maxLength: 3 }),
    minPrice: option(fc.constantFrom(0, 1, 100, 250.5)),
    maxPrice: option(fc.constantFrom(250.5, 500, 1000)),
    sort: fc.constantFrom(...PRODUCT_SORTS),
    page: fc.integer({ min: 1, max: 3 }),
    limit: fc.integer({ min: 1, max: 9 }),
  })
  .map(parsedQuery);

/** In Stock Only and one colour or one size (or neither), in any order: counted from kept counts. */
const stockChoiceArb: fc.Arbitrary<ProductListParams> = fc
  .record({
    category: option(fc.constantFrom('Fashion', 'electronics')),
    subCategory: option(fc.constantFrom('Men', 'audio')),
    choice: fc.oneof(
      fc.record({ colour: fc.constantFrom(...COLOURS, 'purple').map((c) => [c]) }),
      fc.record({ size: fc.constantFrom(...SIZES, 'XXS').map((s) => [s]) }),
      fc.record({ size: fc.constantFrom(['S', 'XXS'], ['S', 'M']) }),
      fc.constant({}),
    ),
    sort: fc.constantFrom(...PRODUCT_SORTS),
    page: fc.integer({ min: 1, max: 3 }),
    limit: fc.integer({ min: 1, max: 9 }),
  })
  .map(({ choice, ...q }) => parsedQuery({ ...q, ...choice, inStock: 'true' }));

/** A search in any order, perhaps in a category or for some brands. */
const searchArb: fc.Arbitrary<ProductListParams> = fc
  .record({
    search: fc.constantFrom('leather', 'lamp', 'sh', 'e', 'fashion', 'audio', 't-sh', 'smart tea', 'o'),
    category: option(fc.constantFrom('Fashion', 'electronics')),
    brand: fewOf([...BRANDS]),
    sort: fc.constantFrom(...PRODUCT_SORTS),
    page: fc.integer({ min: 1, max: 3 }),
    limit: fc.integer({ min: 1, max: 9 }),
  })
  .map(parsedQuery);

/** A write straight to the database; `pick` chooses which products (by position in id order). */
const writeArb = fc.record({
  pick: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
  change: fc.constantFrom(
    // Prices and stock change most, in shops as here.
    'price',
    'price',
    'stock',
    'stock',
    'brand',
    'colours',
    'path',
    'rating',
    'rename',
    'archive',
    'unarchive',
    'delete',
    'insert',
  ),
  product: productArb,
});
type Write = typeof writeArb extends fc.Arbitrary<infer W> ? W : never;

/** A text[] value as PostgreSQL reads it from text (a JavaScript array would be spread into parameters). */
const textArray = (values: readonly string[] | undefined) =>
  `{${(values ?? []).map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

async function write(w: Write): Promise<void> {
  const ids = (await t.db.select({ id: products.id }).from(products).orderBy(products.id)).map((r) => r.id);
  const chosen = ids.length ? w.pick.map((i) => ids[i % ids.length]!) : [];
  const list = sql.join(
    chosen.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const p = w.product;
  const where = sql`id in (${list})`;
  if (w.change === 'insert' || !chosen.length) {
    await t.db.insert(products).values(p);
    return;
  }
  const set = {
    price: sql`price_paise = ${p.pricePaise}, discount = ${p.discount}`,
    stock: sql`count_in_stock = ${p.countInStock}`,
    brand: sql`brand = ${p.brand}, material = ${p.material}`,
    colours: sql`colours = ${textArray(p.colours)}::text[], sizes = ${textArray(p.sizes)}::text[]`,
    path: sql`category = ${p.category}, sub_category = ${p.subCategory}, option = ${p.option}, sub_option = ${p.subOption}`,
    rating: sql`rating = ${p.rating}, num_reviews = ${p.numReviews}, is_featured = ${p.isFeatured}`,
    rename: sql`name = ${p.name}, tags = ${textArray(p.tags)}::text[]`,
    archive: sql`archived_at = now()`,
    unarchive: sql`archived_at = null`,
  } as const;
  if (w.change === 'delete') await t.db.execute(sql`delete from products where ${where}`);
  else await t.db.execute(sql`update products set ${set[w.change]} where ${where}`);
}

const request = (q: ProductListParams, sort = q.sort ?? 'featured'): PageRequest => ({
  sort,
  limit: q.limit + 1,
  at: { offset: (q.page - 1) * q.limit },
});

/** Every product the filters match, by the reference, in price order. */
async function allMatches(index: ListingIndex, q: ProductListParams): Promise<string[]> {
  const found = await index.list(toFilters(q), { sort: 'price-low', limit: 1000, at: { offset: 0 } });
  return found.rows.map((r) => JSON.parse(r.json)._id as string);
}

async function expectSame(q: ProductListParams): Promise<void> {
  const f = toFilters(q);
  const page = request(q);
  const [m, p] = [await memory.list(f, page), await postgres.list(f, page)];
  const label = JSON.stringify(q);
  expect(m.summary, label).toEqual(p.summary);
  expect(await memory.summarize(f), label).toEqual(p.summary);
  if (f.search && page.sort === 'featured') {
    // Each index ranks a search its own way: the page holds matches, name matches first.
    const matches = new Set(await allMatches(postgres, q));
    for (const row of m.rows) expect(matches.has(JSON.parse(row.json)._id), label).toBe(true);
    expect(m.rows.length, label).toBe(p.rows.length);
    const nameMatch = m.rows.map((r) => r.key[0]);
    expect(nameMatch, label).toEqual([...nameMatch].sort().reverse());
  } else {
    expect(m.rows, label).toEqual(p.rows);
  }
  // The next page after the last row's key (seek paging), both ways.
  const last = m.rows.at(-1);
  if (last) {
    const after = { ...page, at: { after: last.key } };
    const mn = await memory.list(f, after);
    // A ranked search's keys are the index's own: only its own next page can follow them.
    if (!(f.search && page.sort === 'featured'))
      expect(mn.rows, `${label} after`).toEqual((await postgres.list(f, after)).rows);
  }
}

describe('the in-memory listing index', () => {
  it('answers as plain SQL does, for any catalogue, filters and writes behind its back', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(productArb, { minLength: 0, maxLength: 60 }),
        fc.tuple(
          fc.array(queryArb, { minLength: 10, maxLength: 10 }),
          fc.array(brandsAndPriceArb, { minLength: 4, maxLength: 4 }),
          fc.array(searchArb, { minLength: 4, maxLength: 4 }),
          fc.array(stockChoiceArb, { minLength: 4, maxLength: 4 }),
        ),
        fc.array(writeArb, { minLength: 2, maxLength: 5 }),
        async (catalogue, [random, brandsAndPrice, searches, stockChoices], writes) => {
          const queries = [...random, ...brandsAndPrice, ...searches, ...stockChoices];
          await t.db.execute(sql`truncate products cascade`);
          if (catalogue.length) await t.db.insert(products).values(catalogue);
          for (const q of queries) await expectSame(q);
          for (const w of writes) await write(w);
          for (const q of queries) await expectSame(q);
        },
      ),
      // A failure is reported at once with its seed: shrinking a 60-product catalogue outlasts the timeout.
      { numRuns: 30, endOnFailure: true },
    );
  }, 90_000);
});

describe('orders kept in step with every key a write can change', () => {
  it('sorts a search and a browse as plain SQL does after each kind of change', async () => {
    await t.db.execute(sql`truncate products cascade`);
    await t.db.insert(products).values(
      Array.from({ length: 12 }, (_, i) => ({
        name: `lamp ${i}`,
        category: i % 2 ? 'Fashion' : 'Electronics',
        pricePaise: 1_000 * (i + 1),
        rating: (i % 5) + 0.5,
        numReviews: i,
        sizes: [['S'], ['XL'], ['8'], []][i % 4]!,
        isFeatured: i % 3 === 0,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
      })),
    );
    const changes = [
      sql`price_paise = 50000 where name = 'lamp 0'`,
      sql`discount = 90 where name = 'lamp 11'`,
      sql`rating = 5, num_reviews = 99 where name = 'lamp 1'`,
      sql`is_featured = not is_featured where name in ('lamp 2', 'lamp 3')`,
      sql`created_at = '2030-01-01' where name = 'lamp 4'`,
      sql`sizes = '{XXS}' where name = 'lamp 5'`,
      sql`category = 'Fashion', brand = 'Zenith' where name = 'lamp 6'`,
      sql`name = 'lantern 7' where name = 'lamp 7'`,
    ];
    const compare = async () => {
      for (const sort of PRODUCT_SORTS) {
        for (const search of ['lamp', undefined]) {
          for (const category of ['Fashion', undefined]) {
            const q = productListQuerySchema.parse({
              sort,
              limit: '20',
              ...(search && { search }),
              ...(category && { category }),
            });
            await expectSame(q);
          }
        }
      }
    };
    await compare();
    for (const change of changes) {
      await t.db.execute(sql`update products set ${change}`);
      await compare();
    }
  });
});

describe('a category narrowed by brands and a price range', () => {
  it('lists products of several brands at one price in id order, as every order breaks ties', async () => {
    await t.db.execute(sql`truncate products cascade`);
    const same = { category: 'Fashion', pricePaise: 50_000 };
    await t.db
      .insert(products)
      .values([
        ...BRANDS.flatMap((brand) => [1, 2, 3].map((i) => ({ ...same, name: `${brand} ${i}`, brand }))),
        { category: 'Fashion', pricePaise: 40_000, name: 'Cheaper', brand: 'Zenith' },
      ]);
    for (const sort of ['price-low', 'price-high'] as const) {
      const q = productListQuerySchema.parse({ brand: ['Acme', 'Zenith', 'Orbit'], sort, limit: '20' });
      const page = request(q);
      const [m, p] = [await memory.list(toFilters(q), page), await postgres.list(toFilters(q), page)];
      expect(m.rows.map((r) => r.key)).toEqual(p.rows.map((r) => r.key));
      expect(m.rows).toHaveLength(10);
    }
  });
});

describe('the change log', () => {
  const everything = productListQuerySchema.parse({ limit: '100' });
  const ids = async (index: ListingIndex) =>
    (await index.list(toFilters(everything), request(everything))).rows.map((r) => JSON.parse(r.json)._id);

  it('is pruned, and a process that may have missed what was pruned reads the listing afresh', async () => {
    await t.db.execute(sql`truncate products cascade`);
    await t.db.insert(products).values({ name: 'Before', category: 'Fashion', pricePaise: 100 });
    const index = new MemoryListingIndex(new SqlRunner(t.deps.database), t.deps.log);
    try {
      expect(await ids(index)).toHaveLength(1);
      // Written while that process is not looking, and its log row pruned before it looks again.
      await t.db.insert(products).values({ name: 'Behind its back', category: 'Fashion', pricePaise: 200 });
      await t.db.execute(sql`update catalogue_listing_changes set changed_at = now() - interval '2 hours'`);
      expect(await pruneListingChanges(t.db, 60)).toBeGreaterThan(0);
      const left = await t.db.execute(sql`select count(*)::int as n from catalogue_listing_changes`);
      expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
      expect(await ids(index)).toEqual(await ids(postgres));
      expect(await ids(index)).toHaveLength(2);
    } finally {
      await index.close();
    }
  });

  it('keeps what is newer than it is told to keep', async () => {
    await t.db.insert(products).values({ name: 'Fresh', category: 'Fashion', pricePaise: 300 });
    expect(await pruneListingChanges(t.db, 60)).toBe(0);
  });
});

describe('a bulk change', () => {
  const ticker = () => {
    const state = { ticks: 0, ticking: true };
    const tick = () => {
      state.ticks += 1;
      if (state.ticking) setImmediate(tick);
    };
    setImmediate(tick);
    return state;
  };

  it('is applied in slices: the event loop keeps turning meanwhile, with no I/O to wait on', async () => {
    await t.db.execute(sql`truncate products cascade`);
    await t.db.insert(products).values(
      Array.from({ length: 3_000 }, (_, i) => ({
        name: `item ${i}`,
        category: ['Fashion', 'Electronics', 'Home & Kitchen'][i % 3]!,
        brand: BRANDS[i % BRANDS.length]!,
        pricePaise: 1_000 + ((i * 7919) % 100_000),
      })),
    );
    const { records } = await readListing(new SqlRunner(t.deps.database));
    const memory = new ListingMemory();
    await memory.load(records);
    // Every pause yields (a budget of 0 ms): how often the loop turns is then fixed by the work, not the machine.
    for (const [count, label] of [
      [3_000, 'over 2,000 changes: a rebuild'],
      [1_500, 'up to 2,000: each product moved'],
    ] as const) {
      const changed = new Map(
        records.slice(0, count).map((r) => [r.id, { ...r, pricePaise: r.pricePaise + 1 }] as const),
      );
      const loop = ticker();
      await memory.apply(changed, new Slices(0));
      loop.ticking = false;
      expect(loop.ticks, label).toBeGreaterThan(20);
    }
  });

  it('no listing sees half of it', async () => {
    const index = new MemoryListingIndex(new SqlRunner(t.deps.database), t.deps.log, 0);
    const everything = productListQuerySchema.parse({ limit: '50', sort: 'price-low' });
    const facets = productListQuerySchema.parse({ brand: ['Acme'], category: 'Fashion' });
    try {
      await index.start();
      for (const changed of [
        sql`price_paise = price_paise + 1`,
        sql`price_paise = price_paise + 1 where name like 'item 1%'`,
      ]) {
        await t.db.execute(sql`update products set ${changed}`);
        // Asked together while the change is applied in slices: each answers for the whole change.
        const [listed, summary] = await Promise.all([
          index.list(toFilters(everything), request(everything)),
          index.summarize(toFilters(facets)),
        ]);
        expect(listed).toEqual(await postgres.list(toFilters(everything), request(everything)));
        expect(summary).toEqual(await postgres.summarize(toFilters(facets)));
      }
    } finally {
      await index.close();
    }
  });
});
