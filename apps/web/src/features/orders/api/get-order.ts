import type { MyOrderDetail } from '@bazaar/shared/schemas/order-details';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myOrdersKey } from './get-my-orders';

/** GET /orders/:id: one of the signed-in shopper's orders in full. */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<MyOrderDetail> {
  return api<MyOrderDetail>(`/orders/${encodeURIComponent(orderId)}`, { signal });
}

export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...myOrdersKey, orderId] as const,
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });
}

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}
