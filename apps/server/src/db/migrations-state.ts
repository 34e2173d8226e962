import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { migrationsFolder } from './client';

/**
 * The time stamp of the newest migration this build carries (its journal's last entry): Drizzle
 * records each applied migration with it, and counts a migration applied when the newest record is
 * at least as new.
 */
export function newestMigration(folder = migrationsFolder()): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** The time stamp of the newest migration applied to the database; 0 when none is. */
export async function newestAppliedMigration(db: DbOrTx): Promise<number> {
  const result = (await db.execute(
    sql`select coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { newest: string }[] };
  return Number(result.rows[0]?.newest ?? 0);
}
