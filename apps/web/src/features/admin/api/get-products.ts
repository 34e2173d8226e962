import type { AdminListParams, AdminProductList } from '@bazaar/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/products: newest first, searched across the spec's fields. */
export function fetchAdminProducts(
  params: Partial<AdminListParams>,
  signal?: AbortSignal,
): Promise<AdminProductList> {
  return api<AdminProductList>('/admin/products', { query: { ...params }, signal });
}

export const adminProductsQueryOptions = (params: Partial<AdminListParams>) =>
  queryOptions({
    queryKey: [...adminKeys.products, 'list', params] as const,
    queryFn: ({ signal }) => fetchAdminProducts(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminProducts(params: Partial<AdminListParams>) {
  return useQuery(adminProductsQueryOptions(params));
}
