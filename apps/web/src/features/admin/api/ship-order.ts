import type { AdminOrderWriteReply } from '@bazaar/shared/schemas/order-admin';
import type { ShipOrderBody } from '@bazaar/shared/schemas/shipments';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useOrderWritten } from './order-written';

/** POST /api/admin/orders/:id/ship: records the shipment and moves the order to Shipped. */
export function shipOrder(orderId: string, body: ShipOrderBody): Promise<AdminOrderWriteReply> {
  return api<AdminOrderWriteReply>(`/admin/orders/${encodeURIComponent(orderId)}/ship`, {
    method: 'POST',
    body,
  });
}

export function useShipOrder() {
  const written = useOrderWritten();
  return useMutation({
    mutationFn: ({ orderId, ...body }: ShipOrderBody & { orderId: string }) => shipOrder(orderId, body),
    onSettled: written,
  });
}
