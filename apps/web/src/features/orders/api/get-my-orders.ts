import type { MyOrdersReply } from '@bazaar/shared/schemas/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const myOrdersKey = ['orders', 'mine'] as const;

/** GET /orders/myorders: the signed-in shopper's orders, newest first. */
export async function getMyOrders(signal?: AbortSignal): Promise<MyOrdersReply['orders']> {
  return (await api<MyOrdersReply>('/orders/myorders', { signal })).orders;
}

export function myOrdersQueryOptions() {
  return queryOptions({ queryKey: myOrdersKey, queryFn: ({ signal }) => getMyOrders(signal) });
}

export function useMyOrders() {
  return useQuery(myOrdersQueryOptions());
}
