import type { OrderAfterSale } from '@bazaar/shared/schemas/returns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myOrdersKey } from './get-my-orders';

export const afterSaleKey = (orderId: string) => [...myOrdersKey, orderId, 'after-sale'] as const;

/** GET /orders/:id/after-sale: what the shopper may still return or cancel, and the order's return requests. */
export function getAfterSale(orderId: string, signal?: AbortSignal): Promise<OrderAfterSale> {
  return api<OrderAfterSale>(`/orders/${encodeURIComponent(orderId)}/after-sale`, { signal });
}

export function useAfterSale(orderId: string) {
  return useQuery(
    queryOptions({ queryKey: afterSaleKey(orderId), queryFn: ({ signal }) => getAfterSale(orderId, signal) }),
  );
}
