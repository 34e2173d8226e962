import type { CheckoutSummary } from '@bazaar/shared/schemas/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const checkoutKey = ['orders', 'checkout'] as const;

/** GET /orders/checkout: the cart as the order will be priced, and the details used last time. */
export function getCheckout(signal?: AbortSignal, addressId?: string | null): Promise<CheckoutSummary> {
  const query = addressId ? `?addressId=${encodeURIComponent(addressId)}` : '';
  return api<CheckoutSummary>(`/orders/checkout${query}`, { signal });
}

/** Priced for the chosen address of the book (its zone's fee, its state's GST), or for none yet. */
export function checkoutQueryOptions(addressId: string | null = null) {
  return queryOptions({
    queryKey: addressId ? [...checkoutKey, addressId] : checkoutKey,
    queryFn: ({ signal }) => getCheckout(signal, addressId),
  });
}

export function useCheckout(addressId: string | null = null) {
  return useQuery({ ...checkoutQueryOptions(addressId), placeholderData: (previous) => previous });
}
