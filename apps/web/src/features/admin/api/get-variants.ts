import type { AdminVariantList } from '@bazaar/shared/schemas/variant-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/products/:id/variants: the product's variant matrix, switched-off rows too. */
export function fetchVariants(productId: string, signal?: AbortSignal): Promise<AdminVariantList> {
  return api<AdminVariantList>(`/admin/products/${encodeURIComponent(productId)}/variants`, { signal });
}

export const variantsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: [...adminKeys.stock, 'product', productId] as const,
    queryFn: ({ signal }) => fetchVariants(productId, signal),
  });

export function useVariants(productId: string) {
  return useQuery(variantsQueryOptions(productId));
}
