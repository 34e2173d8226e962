import { type ProductList, productListQuerySchema } from '@bazaar/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixtureCatalogue } from '../../../test/fixtures/products';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { ReferenceListing } from '../../../test/reference-listing';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';
import { products } from '../../db/schema/catalogue';
import { ListingService } from './listing.service';
import { SqlRunner } from './sql-runner';

// Each server process keeps the listing in its own memory. Here
// two real processes (`node --import tsx src/server.ts`) serve one PostgreSQL database with the reply
// cache off, and every write goes straight to the database, behind both processes' backs, as a script's
// or another process's checkout would: right after each write commits, both must answer every listing
// exactly as plain SQL does (test/reference-listing.ts). PGlite cannot be shared between processes: PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const skipped = onPostgres
  ? ''
  : ' (skipped: needs TEST_DATABASE_URL; PGlite cannot be shared between processes)';

const QUERIES = [
  '',
  'category=Electronics',
  'category=fashion&subCategory=men&sort=price-low',
  'category=Fashion&brand=Acme&brand=Zenith&minPrice=120&maxPrice=880&sort=price-high',
  'brand=Orbit&colour=Red&inStock=true',
  'search=lamp',
  'search=e&sort=rating&page=2&limit=5',
  'sort=newest&limit=7&page=3',
];

describe.skipIf(!onPostgres)(`listings on two server processes, each with its own memory${skipped}`, () => {
  /** The writer. */
  let oracle: TestApp;
  /** The expected answers: the same database read by plain SQL on every request. */
  let reference: ListingService;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    oracle = await createTestApp({ catalogueCacheTtlMs: 0 });
    await insertFixtureCatalogue(oracle.db);
    reference = new ListingService({
      ...oracle.deps,
      catalogue: oracle.services.catalogue,
      index: new ReferenceListing(new SqlRunner(oracle.deps.database)),
    });
    const { database, config } = oracle.deps;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: config.jwtSecret,
      CATALOGUE_CACHE_TTL_MS: '0',
      RATE_LIMIT_MAX: '100000',
    };
    const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await oracle?.close();
  });

  async function expectExact(after: string): Promise<void> {
    for (const query of QUERIES) {
      const params = new URLSearchParams(query);
      const q = Object.fromEntries(
        [...new Set(params.keys())].map((k) => [
          k,
          params.getAll(k).length > 1 ? params.getAll(k) : params.get(k),
        ]),
      );
      const expected = JSON.parse(
        (await reference.list(productListQuerySchema.parse(q))).json,
      ) as ProductList;
      const answers = await Promise.all(
        servers.map(
          async (s) => (await fetch(`${s.baseUrl}/api/products?${query}`)).json() as Promise<ProductList>,
        ),
      );
      for (const got of answers) {
        const label = `${after}: ${query || '(no filters)'}`;
        expect({ total: got.total, facets: got.facets }, label).toEqual({
          total: expected.total,
          facets: expected.facets,
        });
        // A search's relevance order is each index's own; every other order is the same.
        const ids = (list: ProductList) => list.products.map((p) => p._id);
        if (query.startsWith('search=') && !query.includes('sort=')) {
          expect(ids(got).length, label).toBe(ids(expected).length);
        } else expect(ids(got), label).toEqual(ids(expected));
      }
    }
  }

  const someProduct = async (name: string) => {
    const [row] = await oracle.db.select().from(products).where(eq(products.name, name));
    return row!;
  };

  it('answer exactly right after every write, whichever process reads', async () => {
    await expectExact('at start');
    const lamp = await someProduct('Desk Lamp 3');
    await oracle.db.update(products).set({ countInStock: 0 }).where(eq(products.id, lamp.id));
    await expectExact('a product sold out');
    await oracle.db
      .update(products)
      .set({ pricePaise: 12_345, discount: 20, brand: 'Zenith', colours: ['Red'] })
      .where(eq(products.name, 'Casual Shirt 0'));
    await expectExact('a price, brand and colour changed');
    await oracle.db
      .update(products)
      .set({ category: 'Electronics', subCategory: 'Audio', option: null, subOption: null })
      .where(eq(products.name, 'Summer Dress 4'));
    await expectExact('a product moved to another category');
    await oracle.db.insert(products).values([
      { name: 'New Lamp', category: 'Home & Kitchen', pricePaise: 99_900, brand: 'Acme', countInStock: 3 },
      { name: 'New Shirt', category: 'Fashion', subCategory: 'Men', pricePaise: 55_500, brand: 'Orbit' },
    ]);
    await expectExact('two products added');
    await oracle.db.update(products).set({ archivedAt: new Date() }).where(eq(products.name, 'New Lamp'));
    await oracle.db.execute(sql`delete from products where name = 'New Shirt'`);
    await expectExact('one archived, one deleted');
  });

  it('answer exactly while writes land between and during reads', async () => {
    const ids = (await oracle.db.select({ id: products.id }).from(products)).map((r) => r.id);
    for (let round = 0; round < 6; round++) {
      // Writes in flight while the processes read; the reads after them must see them all.
      const writes = ids.slice(round * 4, round * 4 + 4).map((id, i) =>
        oracle.db
          .update(products)
          .set({ pricePaise: 10_000 + round * 1_000 + i, countInStock: (round + i) % 2 })
          .where(eq(products.id, id)),
      );
      const reads = servers.map((s) =>
        fetch(`${s.baseUrl}/api/products?sort=price-low`).then((r) => r.json()),
      );
      await Promise.all([...writes, ...reads]);
      await expectExact(`round ${round}`);
    }
  });
});
