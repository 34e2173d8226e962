import type { AdminOrderWriteReply } from '@bazaar/shared/schemas/order-admin';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useOrderWritten } from './order-written';

/** POST /api/admin/orders/:id/cash-collected: the cash recorded (method cod), then Shipped → Delivered. */
export function cashCollected(orderId: string): Promise<AdminOrderWriteReply> {
  return api<AdminOrderWriteReply>(`/admin/orders/${encodeURIComponent(orderId)}/cash-collected`, {
    method: 'POST',
    body: {},
  });
}

export function useCashCollected() {
  const written = useOrderWritten();
  return useMutation({ mutationFn: cashCollected, onSettled: written });
}
