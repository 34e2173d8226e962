import { asc, count, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products as p } from '../../db/schema/catalogue';

const live = isNull(p.archivedAt);

export interface SitemapProduct {
  id: string;
  updatedAt: Date;
}

/** How many products shoppers can see (archived ones are not). */
export async function countLiveProducts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(p).where(live);
  return row?.n ?? 0;
}

/** One page of live products by id, with when each last changed. */
export function findSitemapProducts(db: DbOrTx, offset: number, limit: number): Promise<SitemapProduct[]> {
  return db
    .select({ id: p.id, updatedAt: p.updatedAt })
    .from(p)
    .where(live)
    .orderBy(asc(p.id))
    .offset(offset)
    .limit(limit);
}
