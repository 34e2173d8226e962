import type { AdminHoldsReply } from '@bazaar/shared/schemas/holds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/holds: products held by unpaid orders, most units first, each with who holds how many until when. */
export function fetchHolds(signal?: AbortSignal): Promise<AdminHoldsReply> {
  return api<AdminHoldsReply>('/admin/holds', { signal });
}

export const holdsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.holds,
    queryFn: ({ signal }) => fetchHolds(signal),
    // Holds come and go by the minute: read afresh whenever the screen is shown, and every minute.
    staleTime: 0,
    refetchInterval: 60_000,
  });

export function useHolds() {
  return useQuery(holdsQueryOptions());
}
