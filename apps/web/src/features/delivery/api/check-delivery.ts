// Types only from the shared schemas: the product page and the cart load this without zod.
import type { DeliveryCheck } from '@bazaar/shared/schemas/delivery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/delivery/check?pincode=: whether, when and for how much the shop delivers there. */
export function fetchDeliveryCheck(pincode: string, signal?: AbortSignal): Promise<DeliveryCheck> {
  return api<DeliveryCheck>('/delivery/check', { query: { pincode }, signal });
}

export const deliveryCheckQueryOptions = (pincode: string) =>
  queryOptions({
    queryKey: ['delivery', 'check', pincode] as const,
    queryFn: ({ signal }) => fetchDeliveryCheck(pincode, signal),
    // The dates move at the cut-off, and zones change rarely: a few minutes is fresh enough.
    staleTime: 5 * 60_000,
  });

/** The answer for `pincode`, or nothing asked while it is null. */
export function useDeliveryCheck(pincode: string | null) {
  return useQuery({ ...deliveryCheckQueryOptions(pincode ?? ''), enabled: pincode !== null });
}
