import type { Category } from '@bazaar/shared/schemas/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/categories: the tree the product form's category choices come from. */
export function fetchCategoryTree(signal?: AbortSignal): Promise<Category[]> {
  return api<Category[]>('/categories', { signal });
}

export const categoryTreeQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.categories,
    queryFn: ({ signal }) => fetchCategoryTree(signal),
    staleTime: 10 * 60_000,
  });

export function useCategoryTree() {
  return useQuery(categoryTreeQueryOptions());
}
