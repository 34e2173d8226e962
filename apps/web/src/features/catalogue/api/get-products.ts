import type { ProductList, ProductSort } from '@bazaar/shared/schemas/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The query of GET /api/products as the client sends it (the server validates it). */
export interface ProductsParams {
  search?: string;
  category?: string;
  subCategory?: string;
  option?: string;
  subOption?: string;
  minPrice?: number;
  maxPrice?: number;
  rating?: number;
  brand?: readonly string[];
  material?: readonly string[];
  colour?: readonly string[];
  size?: readonly string[];
  inStock?: boolean;
  onSale?: boolean;
  featured?: boolean;
  sort?: ProductSort;
  page?: number;
  limit?: number;
}

/** GET /api/products: one server page of products with facet counts. */
export function fetchProducts(params: ProductsParams, signal?: AbortSignal): Promise<ProductList> {
  // `false` flags are left out: the API reads an absent flag as "any".
  const query = {
    ...params,
    inStock: params.inStock || undefined,
    onSale: params.onSale || undefined,
    featured: params.featured || undefined,
  };
  return api<ProductList>('/products', { query, signal });
}

export const productsQueryOptions = (params: ProductsParams) =>
  queryOptions({
    queryKey: ['catalogue', 'products', params] as const,
    queryFn: ({ signal }) => fetchProducts(params, signal),
  });

/** A page of products; while the next filters load, the last page stays on screen. */
export function useProducts(params: ProductsParams, options: { keepPrevious?: boolean } = {}) {
  return useQuery({
    ...productsQueryOptions(params),
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}
