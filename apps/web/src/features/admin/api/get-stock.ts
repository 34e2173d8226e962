import type { StockList } from '@bazaar/shared/schemas/variant-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export interface StockScreenQuery {
  search: string;
  lowStock: boolean;
  page: number;
}

/** GET /api/admin/stock: variants across the shop, by name or SKU, optionally only the low ones. */
export function fetchStock(q: StockScreenQuery, signal?: AbortSignal): Promise<StockList> {
  const params = new URLSearchParams({ page: String(q.page), limit: '20' });
  if (q.search.trim()) params.set('search', q.search.trim());
  if (q.lowStock) params.set('lowStock', 'true');
  return api<StockList>(`/admin/stock?${params}`, { signal });
}

export const stockQueryOptions = (q: StockScreenQuery) =>
  queryOptions({
    queryKey: [...adminKeys.stock, 'list', q] as const,
    queryFn: ({ signal }) => fetchStock(q, signal),
    placeholderData: keepPreviousData,
  });

export function useStock(q: StockScreenQuery) {
  return useQuery(stockQueryOptions(q));
}
