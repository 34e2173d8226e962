import type { ProductList, ProductListParams } from '@bazaar/shared/schemas/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type CardProduct, toCardProduct } from '@/lib/card-product';

/** Any part of GET /api/products' query, in its parsed form (lists as arrays, flags as booleans). */
export type ProductsParams = Partial<ProductListParams>;

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

/** A listing page as the listing shows it: its products card-sized, the facets, counts and cursor. */
export type ProductListing = Omit<ProductList, 'products'> & { products: CardProduct[] };

/**
 * A listing's page of products, kept card-sized (the server-rendered page hands the browser this, not
 * whole products). Its own key: no page that needs whole products reads these from the cache.
 */
export const productsQueryOptions = (params: ProductsParams) =>
  queryOptions({
    queryKey: ['catalogue', 'listing', params] as const,
    queryFn: async ({ signal }): Promise<ProductListing> => {
      const list = await fetchProducts(params, signal);
      return { ...list, products: list.products.map(toCardProduct) };
    },
  });

/** A page of products; while the next filters load, the last page stays on screen. */
export function useProducts(params: ProductsParams, options: { keepPrevious?: boolean } = {}) {
  return useQuery({
    ...productsQueryOptions(params),
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}

/** A page of products as cards show them, without facets: what the home page's rows need. */
export interface ProductCards {
  products: CardProduct[];
  total: number;
}

/**
 * The card-sized form of a products query. Its own key: the listing and product pages, which need whole
 * products and facets, never read these from the cache.
 */
export const productCardsQueryOptions = (params: ProductsParams) =>
  queryOptions({
    queryKey: ['catalogue', 'product-cards', params] as const,
    queryFn: async ({ signal }): Promise<ProductCards> => {
      const list = await fetchProducts(params, signal);
      return { products: list.products.map(toCardProduct), total: list.total };
    },
  });

export function useProductCards(params: ProductsParams) {
  return useQuery(productCardsQueryOptions(params));
}
