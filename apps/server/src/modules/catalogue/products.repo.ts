import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products as p } from '../../db/schema/catalogue';
import type { ProductRow } from './product-view';

// A single product by id, for the admin's writes. The storefront's reads are in modules/listing.

/** Archived products (deleted by an admin, kept for past orders) are never shown to shoppers. */
const live = isNull(p.archivedAt);

export async function findById(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.id, id), live))
    .limit(1);
  return row;
}
