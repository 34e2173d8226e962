import type { OrderPaymentReply } from '@bazaar/shared/schemas/orders';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /orders/{id}/pay: the payment window's details for an unpaid order that has not expired. */
export function payOrderAgain(orderId: string): Promise<OrderPaymentReply> {
  return api<OrderPaymentReply>(`/orders/${encodeURIComponent(orderId)}/pay`, { method: 'POST' });
}

export function usePayOrderAgain() {
  return useMutation({ mutationFn: payOrderAgain });
}
