import type { DeliveryLookup } from '@bazaar/shared/schemas/delivery';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/delivery/lookup?pincode=: which zone and rule serve it, and what a shopper is told. */
export function lookupPincode(pincode: string, signal?: AbortSignal): Promise<DeliveryLookup> {
  return api<DeliveryLookup>('/admin/delivery/lookup', { query: { pincode }, signal });
}

/** The lookup for `pincode` (nothing asked while null); part of the zones' data, so a write refreshes it. */
export function usePincodeLookup(pincode: string | null) {
  return useQuery({
    queryKey: [...adminKeys.delivery, 'lookup', pincode] as const,
    queryFn: ({ signal }) => lookupPincode(pincode ?? '', signal),
    enabled: pincode !== null,
    staleTime: 0,
  });
}
