import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';

// Migration 0020 on a shop that already runs: its shipping figures must become the default zone's.
describe('migration 0020 (delivery zones)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bazaar-migration-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The migrations folder as it was before 0020: the same files, the journal cut before it. */
  function foldersAround(tag: string): { before: string; all: string } {
    const all = migrationsFolder();
    const before = path.join(dir, 'before');
    cpSync(all, before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === tag);
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalFile, JSON.stringify(journal));
    return { before, all };
  }

  const rows = async (client: PGlite, text: string) =>
    (await client.query<Record<string, unknown>>(text)).rows;

  it('moves a configured shop’s delivery fee and threshold into the default zone, and drops the columns', async () => {
    const { before, all } = foldersAround('0020_delivery_zones');
    const client = new PGlite({ extensions: { pg_trgm } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await client.query(
        `insert into shop_settings (id, name, shipping_fee_paise, free_shipping_threshold_paise) values (1, 'Kirana', 4950, 49900)`,
      );
      await migrate(db, { migrationsFolder: all });
      expect(
        await rows(
          client,
          'select name, is_default, fee_paise, free_above_paise, delivers, cod from delivery_zones',
        ),
      ).toEqual([
        {
          name: 'Rest of India',
          is_default: true,
          fee_paise: 4950,
          free_above_paise: 49900,
          delivers: true,
          cod: false,
        },
      ]);
      expect(
        await rows(client, 'select business_days, cutoff_minutes, revision from delivery_settings'),
      ).toEqual([{ business_days: 'mon-sat', cutoff_minutes: 840, revision: 1 }]);
      const columns = await rows(
        client,
        `select column_name from information_schema.columns where table_name = 'shop_settings' and column_name in ('shipping_fee_paise', 'free_shipping_threshold_paise')`,
      );
      expect(columns).toEqual([]);
      // One default zone at most, whatever writes.
      await expect(
        client.query(
          `insert into delivery_zones (name, is_default, position, fee_paise, min_days, max_days) values ('Second', true, 0, 0, 1, 2)`,
        ),
      ).rejects.toThrow();
    } finally {
      await client.close();
    }
  });

  it('gives a shop that never saved its settings today’s defaults: ₹50, free from ₹140', async () => {
    const client = new PGlite({ extensions: { pg_trgm } });
    try {
      await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
      expect(
        await rows(client, 'select fee_paise, free_above_paise from delivery_zones where is_default'),
      ).toEqual([{ fee_paise: 5000, free_above_paise: 14000 }]);
    } finally {
      await client.close();
    }
  });
});
