import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rateLimitHits } from '../../db/schema/admin';

/**
 * Counts one hit for the key in its window and returns the window's count, in
 * one statement: concurrent requests on any server process each get their own number.
 */
export async function countHit(db: DbOrTx, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  return row!.hits;
}

/** Forgets windows that ended before `before`. */
export async function deleteHitsBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, before));
}
