import type { AdminOrderList, AdminOrderListParams } from '@bazaar/shared/schemas/order-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/orders/all: status rank first, then newest; with the three counts. */
export function fetchOrders(
  params: Partial<AdminOrderListParams>,
  signal?: AbortSignal,
): Promise<AdminOrderList> {
  return api<AdminOrderList>('/orders/all', { query: { ...params }, signal });
}

export const ordersQueryOptions = (params: Partial<AdminOrderListParams>) =>
  queryOptions({
    queryKey: [...adminKeys.orders, 'list', params] as const,
    queryFn: ({ signal }) => fetchOrders(params, signal),
    placeholderData: keepPreviousData,
  });

export function useOrders(params: Partial<AdminOrderListParams>) {
  return useQuery(ordersQueryOptions(params));
}
