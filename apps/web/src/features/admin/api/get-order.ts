import type { AdminOrder } from '@bazaar/shared/schemas/order-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/orders/order/:id: items, address, payment, delivery and status history. */
export function fetchOrder(orderId: string, signal?: AbortSignal): Promise<AdminOrder> {
  return api<AdminOrder>(`/orders/order/${encodeURIComponent(orderId)}`, { signal });
}

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...adminKeys.orders, 'one', orderId] as const,
    queryFn: ({ signal }) => fetchOrder(orderId, signal),
  });

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}
