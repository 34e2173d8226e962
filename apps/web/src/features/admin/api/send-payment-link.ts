import type { AdminPaymentLinkReply } from '@bazaar/shared/schemas/order-admin';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useOrderWritten } from './order-written';

/** POST /api/admin/orders/:id/payment-link: a link to pay the unpaid order, mailed to the shopper. */
export function sendPaymentLink(orderId: string): Promise<AdminPaymentLinkReply> {
  return api<AdminPaymentLinkReply>(`/admin/orders/${encodeURIComponent(orderId)}/payment-link`, {
    method: 'POST',
  });
}

export function useSendPaymentLink() {
  const written = useOrderWritten();
  return useMutation({ mutationFn: sendPaymentLink, onSettled: written });
}
