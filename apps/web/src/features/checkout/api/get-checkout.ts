import type { CheckoutSummary } from '@bazaar/shared/schemas/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const checkoutKey = ['orders', 'checkout'] as const;

/** GET /orders/checkout: the cart as the order will be priced, and the details used last time. */
export function getCheckout(signal?: AbortSignal): Promise<CheckoutSummary> {
  return api<CheckoutSummary>('/orders/checkout', { signal });
}

export function checkoutQueryOptions() {
  return queryOptions({ queryKey: checkoutKey, queryFn: ({ signal }) => getCheckout(signal) });
}

export function useCheckout() {
  return useQuery(checkoutQueryOptions());
}
