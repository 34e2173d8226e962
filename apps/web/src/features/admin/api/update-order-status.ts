import type { AdminOrderWriteReply, OrderStatusBody } from '@bazaar/shared/schemas/order-admin';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useOrderWritten } from './order-written';

/** PUT /api/orders/status/:id: refused with the reason when the order's lifecycle does not allow the move. */
export function updateOrderStatus(orderId: string, body: OrderStatusBody): Promise<AdminOrderWriteReply> {
  return api<AdminOrderWriteReply>(`/orders/status/${encodeURIComponent(orderId)}`, { method: 'PUT', body });
}

export function useUpdateOrderStatus() {
  const written = useOrderWritten();
  return useMutation({
    mutationFn: ({ orderId, ...body }: OrderStatusBody & { orderId: string }) =>
      updateOrderStatus(orderId, body),
    onSettled: written,
  });
}
