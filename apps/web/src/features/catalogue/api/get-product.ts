import type { ProductDetail } from '@bazaar/shared/schemas/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/** GET /api/products/:id: one product and related products of the same category. */
export function fetchProduct(productId: string, signal?: AbortSignal): Promise<ProductDetail> {
  return api<ProductDetail>(`/products/${encodeURIComponent(productId)}`, { signal });
}

export const productQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['catalogue', 'product', productId] as const,
    queryFn: ({ signal }) => fetchProduct(productId, signal),
    // A 404 will not turn into a product by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

export function useProduct(productId: string) {
  return useQuery(productQueryOptions(productId));
}
