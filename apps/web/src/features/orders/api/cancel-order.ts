import type { MyOrderDetail } from '@bazaar/shared/schemas/order-details';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myOrdersKey } from './get-my-orders';

/** POST /orders/:id/cancel: a paid order is refunded in full. */
export function cancelOrder(orderId: string, reason: string): Promise<MyOrderDetail> {
  return api<MyOrderDetail>(`/orders/${encodeURIComponent(orderId)}/cancel`, {
    method: 'POST',
    body: { reason },
  });
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) => cancelOrder(orderId, reason),
    onSettled: () => client.invalidateQueries({ queryKey: myOrdersKey }),
  });
}
