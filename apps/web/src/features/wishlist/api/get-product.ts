import type { ProductDetail } from '@bazaar/shared/schemas/catalogue';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/** GET /api/products/:id: a guest's liked product as the shop shows it now (stock, description). */
export function fetchProduct(productId: string, signal?: AbortSignal): Promise<ProductDetail> {
  return api<ProductDetail>(`/products/${encodeURIComponent(productId)}`, { signal });
}

export const productQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['wishlist', 'product', productId] as const,
    queryFn: ({ signal }) => fetchProduct(productId, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

/** Each product of a guest's wishlist, live. */
export function useProducts(productIds: readonly string[]) {
  return useQueries({ queries: productIds.map(productQueryOptions) });
}
