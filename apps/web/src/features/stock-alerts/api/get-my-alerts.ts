import type { MyStockAlertList } from '@bazaar/shared/schemas/stock-alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The key of every read of My alerts: what a removal invalidates. */
export const myAlertsKey = ['stock-alerts', 'mine'] as const;

/** GET /api/stock-alerts/mine: the signed-in shopper's back-in-stock alerts, newest first. */
export function fetchMyAlerts(signal?: AbortSignal): Promise<MyStockAlertList> {
  return api<MyStockAlertList>('/stock-alerts/mine', { signal });
}

export const myAlertsQueryOptions = () =>
  queryOptions({
    queryKey: myAlertsKey,
    queryFn: ({ signal }) => fetchMyAlerts(signal),
    // "Notify me" on a product page adds to it without telling this feature: read afresh on each visit.
    staleTime: 0,
  });

export function useMyAlerts() {
  return useQuery(myAlertsQueryOptions());
}
