import type { AdminDelivery } from '@bazaar/shared/schemas/delivery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/delivery: the calendar, the default zone and every zone with its pincodes, in order. */
export function fetchDelivery(signal?: AbortSignal): Promise<AdminDelivery> {
  return api<AdminDelivery>('/admin/delivery', { signal });
}

export const deliveryQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.delivery,
    queryFn: ({ signal }) => fetchDelivery(signal),
    // Another admin may have changed the zones since this tab loaded them.
    staleTime: 0,
  });

export function useDelivery() {
  return useQuery(deliveryQueryOptions());
}
