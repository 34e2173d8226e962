import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories } from '../../db/schema/catalogue';

export type CategoryRow = typeof categories.$inferSelect;

/** Every node of the tree, parents before children, in display order. */
export function findAllCategories(db: DbOrTx): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .orderBy(asc(categories.depth), asc(categories.position), asc(categories.name));
}
