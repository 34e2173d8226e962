import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { insertPendingOrder, recordShipment } from '../../../test/fixtures/orders';
import { type Db, migrationsFolder } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import * as schema from '../../db/schema/index';

// Migration 0039 on a shop that already runs: the orders decision 201 showed as "Partly returned" get the status.
describe('migration 0039 (partly returned)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bazaar-migration-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The migrations folder as it was before `tag`: the same files, the journal cut before it. */
  function before(tag: string): string {
    const folder = path.join(dir, 'before');
    cpSync(migrationsFolder(), folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === tag);
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalFile, JSON.stringify(journal));
    return folder;
  }

  it('moves delivered orders with some units returned and some kept, with a history row; leaves the rest', async () => {
    const client = new PGlite({ extensions: { pg_trgm } });
    try {
      const db = drizzle(client, { schema, casing: 'snake_case' });
      await migrate(db, { migrationsFolder: before('0039_partly_returned') });
      const [lamp] = await db
        .insert(products)
        .values({ name: 'Desk Lamp', pricePaise: 50_000, countInStock: 50, category: 'Home' })
        .returning();
      /** An order of three lamps walked to Delivered (or Completed) by hand, `returned` of them back. */
      const order = async (returned: number, cancelled = 0, completed = false) => {
        const placed = await insertPendingOrder(db as unknown as Db, {
          userId: null,
          items: [{ productId: lamp!.id, quantity: 3, unitPricePaise: 50_000 }],
        });
        const id = placed.id;
        await client.query(`update orders set status = 'Processing', paid_at = now() where id = $1`, [id]);
        await recordShipment(db as unknown as Db, id);
        await client.query(`update orders set status = 'Shipped' where id = $1`, [id]);
        await client.query(`update orders set status = 'Delivered', delivered_at = now() where id = $1`, [
          id,
        ]);
        if (completed) await client.query(`update orders set status = 'Completed' where id = $1`, [id]);
        await client.query(
          `update order_items set returned_quantity = $2, cancelled_quantity = $3 where order_id = $1`,
          [id, returned, cancelled],
        );
        return id;
      };
      const partly = await order(1);
      const partlyAfterCancel = await order(1, 1);
      const everyUnitBack = await order(2, 1);
      const nothingBack = await order(0);
      const closed = await order(1, 0, true);

      await migrate(db, { migrationsFolder: migrationsFolder() });
      const status = async (id: string) =>
        (await client.query<{ status: string }>('select status from orders where id = $1', [id])).rows[0]!
          .status;
      expect(await status(partly)).toBe('Partly returned');
      expect(await status(partlyAfterCancel)).toBe('Partly returned');
      // Every unit back, its last refund not out yet (201 moved it then): Returned, as a receipt makes it now.
      expect(await status(everyUnitBack)).toBe('Returned');
      expect(await status(nothingBack)).toBe('Delivered');
      expect(await status(closed)).toBe('Completed');
      const history = await client.query<{
        order_id: string;
        from_status: string;
        to_status: string;
        note: string;
      }>(
        `select order_id, from_status, to_status, note from order_status_history where note like '%(migration 0039)'`,
      );
      expect(history.rows).toHaveLength(3);
      expect(history.rows).toEqual(
        expect.arrayContaining([
          {
            order_id: partly,
            from_status: 'Delivered',
            to_status: 'Partly returned',
            note: '1 of 3 items returned (migration 0039)',
          },
          {
            order_id: partlyAfterCancel,
            from_status: 'Delivered',
            to_status: 'Partly returned',
            note: '1 of 2 items returned (migration 0039)',
          },
          {
            order_id: everyUnitBack,
            from_status: 'Delivered',
            to_status: 'Returned',
            note: 'every item returned (migration 0039)',
          },
        ]),
      );
      // The database allows the new moves, and still refuses what the table does not have.
      await client.query(`update order_items set returned_quantity = 3 where order_id = $1`, [partly]);
      await client.query(`update orders set status = 'Returned' where id = $1`, [partly]);
      await expect(
        client.query(`update orders set status = 'Partly returned' where id = $1`, [closed]),
      ).rejects.toThrow('an order cannot move from Completed to Partly returned');
    } finally {
      await client.close();
    }
  });
});
