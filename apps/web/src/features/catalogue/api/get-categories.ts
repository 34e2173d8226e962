import type { Category } from '@bazaar/shared/schemas/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/categories: the nested tree (category → subcategories → options → suboptions). */
export function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  return api<Category[]>('/categories', { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogue', 'categories'] as const,
    queryFn: ({ signal }) => fetchCategories(signal),
    // The tree changes only when an admin edits it.
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
