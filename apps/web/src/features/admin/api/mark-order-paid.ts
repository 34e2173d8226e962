import type { AdminOrderWriteReply, PaymentStatus } from '@bazaar/shared/schemas/order-admin';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useOrderWritten } from './order-written';

/** PUT /api/orders/mark-paid/:id: Paid records a payment by hand; Unpaid takes such a payment back. */
export function markOrderPaid(orderId: string, paymentStatus: PaymentStatus): Promise<AdminOrderWriteReply> {
  return api<AdminOrderWriteReply>(`/orders/mark-paid/${encodeURIComponent(orderId)}`, {
    method: 'PUT',
    body: { paymentStatus },
  });
}

export function useMarkOrderPaid() {
  const written = useOrderWritten();
  return useMutation({
    mutationFn: ({ orderId, paymentStatus }: { orderId: string; paymentStatus: PaymentStatus }) =>
      markOrderPaid(orderId, paymentStatus),
    onSettled: written,
  });
}
