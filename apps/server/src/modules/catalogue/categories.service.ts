import type { Category } from '@bazaar/shared';
import type { Db } from '../../db/client';
import { type CategoryRow, findAllCategories } from './categories.repo';

export interface CategoriesServiceDeps {
  db: Db;
}

export class CategoriesService {
  constructor(private readonly deps: CategoriesServiceDeps) {}

  /** The category tree, category → subcategories → options → suboptions, in display order. */
  async tree(): Promise<Category[]> {
    return buildTree(await findAllCategories(this.deps.db));
  }
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
