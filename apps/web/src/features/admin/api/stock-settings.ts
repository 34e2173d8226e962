import type { StockSettings } from '@bazaar/shared/schemas/variant-admin';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';
import { useVariantsWritten } from './variants-written';

/** GET and PUT /api/admin/stock/settings: the shop's low-stock threshold. */
export function fetchStockSettings(signal?: AbortSignal): Promise<StockSettings> {
  return api<StockSettings>('/admin/stock/settings', { signal });
}

export const stockSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.stock, 'settings'] as const,
    queryFn: ({ signal }) => fetchStockSettings(signal),
  });

export function useStockSettings() {
  return useQuery(stockSettingsQueryOptions());
}

export function useSaveStockSettings() {
  const written = useVariantsWritten();
  return useMutation({
    mutationFn: (body: StockSettings) => api<StockSettings>('/admin/stock/settings', { method: 'PUT', body }),
    onSettled: written,
  });
}
