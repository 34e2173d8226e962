import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  insertVariantProduct,
  stockMismatches,
  variantStock,
  variantsOf,
} from '../../../test/fixtures/inventory';
import { twoProcesses } from '../../../test/helpers';
import { products } from '../../db/schema/catalogue';

/** Resolves once `hold` is called; the caller's transaction stays open until `release`. */
function gate() {
  let release!: () => void;
  let held!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  const holding = new Promise<void>((r) => {
    held = r;
  });
  return { release, released, held, holding };
}

// Two pools on one PostgreSQL, as two server processes are (TEST_DATABASE_URL, as CI runs this suite).
// PGlite has one connection, so two transactions cannot overlap there.
describe('a product’s stock total while two transactions change its variants at once', () => {
  const apps = twoProcesses();

  it('counts both changes: the second waits for the first and sums after its commit', async ({ skip }) => {
    if (apps.a.deps.database.kind !== 'postgres') skip();
    const kurta = await insertVariantProduct(
      apps.a.db,
      { name: 'Kurta', pricePaise: 70_000, sizes: ['S', 'M'] },
      { S: 12, M: 3 },
    );
    const [small, medium] = await variantsOf(apps.a.db, kurta);
    const move = (id: string) => sql`select inventory_move(${id}::uuid, -1, 'adjustment', null, null)`;

    const first = gate();
    const one = apps.a.db.transaction(async (tx) => {
      await tx.execute(move(small!.id));
      first.held();
      await first.released;
    });
    await first.holding;
    // The Medium's move takes its variant's lock at once and then waits, in the sum's trigger, for the
    // product row the first transaction holds.
    const two = apps.b.db.transaction(async (tx) => {
      await tx.execute(move(medium!.id));
    });
    await new Promise((r) => setTimeout(r, 200));
    first.release();
    await Promise.all([one, two]);

    expect(await variantStock(apps.a.db, kurta)).toEqual({ S: 11, M: 2 });
    const [row] = await apps.a.db
      .select({ n: products.countInStock })
      .from(products)
      .where(sql`${products.id} = ${kurta}`);
    expect(row!.n).toBe(13);
    expect(await stockMismatches(apps.a.db)).toEqual([]);
  });
});
