import type { AdminProduct } from '@bazaar/shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/products/:id: the product as stored now, for the edit form. */
export async function fetchAdminProduct(productId: string, signal?: AbortSignal): Promise<AdminProduct> {
  const reply = await api<{ product: AdminProduct }>(`/admin/products/${encodeURIComponent(productId)}`, {
    signal,
  });
  return reply.product;
}

export const adminProductQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: [...adminKeys.products, 'one', productId] as const,
    queryFn: ({ signal }) => fetchAdminProduct(productId, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

export function useAdminProduct(productId: string) {
  return useQuery(adminProductQueryOptions(productId));
}
