import type { Category } from '@bazaar/shared';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/catalogue';

type CategoryRow = typeof categories.$inferSelect;

/** The category tree, category → subcategories → options → suboptions, in display order. */
export async function categoryTree(db: Db): Promise<Category[]> {
  const rows = await db
    .select()
    .from(categories)
    .orderBy(asc(categories.depth), asc(categories.position), asc(categories.name));
  return buildTree(rows);
}

export function buildTree(rows: CategoryRow[]): Category[] {
  const children = new Map<string | null, CategoryRow[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const under = (id: string) => children.get(id) ?? [];
  return (children.get(null) ?? [])
    .filter((c) => c.depth === 0)
    .map((c) => ({
      _id: c.id,
      name: c.name,
      subcategories: under(c.id).map((s) => ({
        name: s.name,
        options: under(s.id).map((o) => ({
          name: o.name,
          subOptions: under(o.id).map((so) => ({ name: so.name })),
        })),
      })),
    }));
}
