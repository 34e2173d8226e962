import type { ProductDetail } from '@bazaar/shared/schemas/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/**
 * GET /api/products/:id: one product and related products of the same category; null when there is
 * no such product (a 404, or an id that cannot be one: a 400). Not-found is an answer, not an error:
 * it is cached like one, rendered by the server with its 404 and hydrated as it is.
 */
export async function fetchProduct(productId: string, signal?: AbortSignal): Promise<ProductDetail | null> {
  try {
    return await api<ProductDetail>(`/products/${encodeURIComponent(productId)}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const productQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['catalogue', 'product', productId] as const,
    queryFn: ({ signal }) => fetchProduct(productId, signal),
  });

export function useProduct(productId: string) {
  return useQuery(productQueryOptions(productId));
}
