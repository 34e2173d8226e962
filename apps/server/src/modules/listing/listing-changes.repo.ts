import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Deletes catalogue_listing_changes rows older than `keepMinutes` (at most
 * `limit` a round, rows another process is deleting skipped) and moves the
 * horizon up to the newest transaction pruned, in one statement: a process
 * whose snapshot may not have seen one of them sees the horizon move and reads
 * the listing afresh. Returns how many rows went.
 */
export async function pruneListingChanges(db: DbOrTx, keepMinutes: number, limit = 10_000): Promise<number> {
  const result = (await db.execute(sql`
    with pruned as (
      delete from catalogue_listing_changes where xid in (
        select xid from catalogue_listing_changes
        where changed_at < now() - make_interval(mins => ${keepMinutes}::int)
        order by xid limit ${limit}::int for update skip locked)
      returning xid),
    moved as (
      update catalogue_listing_log_horizon
      set xid = greatest(xid, (select xid from pruned order by xid desc limit 1))
      where exists (select from pruned)
      returning xid)
    select (select count(*) from pruned)::int as n, (select count(*) from moved)::int as moved`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}
