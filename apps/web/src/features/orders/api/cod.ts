import type { CodConfirmReply, PayOnlineReply } from '@bazaar/shared/schemas/cod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /orders/{id}/confirm-cod: the shopper confirms their cash-on-delivery order. */
export function confirmCod(orderId: string): Promise<CodConfirmReply> {
  return api<CodConfirmReply>(`/orders/${encodeURIComponent(orderId)}/confirm-cod`, { method: 'POST' });
}

/** POST /orders/{id}/pay-online: a payment link to open, or the payment window (sandbox). */
export function payOnline(orderId: string): Promise<PayOnlineReply> {
  return api<PayOnlineReply>(`/orders/${encodeURIComponent(orderId)}/pay-online`, { method: 'POST' });
}

/** GET and POST /orders/cod/confirm: the mailed link's order, and confirming it (no sign-in). */
export function codLink(token: string): Promise<CodConfirmReply> {
  return api<CodConfirmReply>(`/orders/cod/confirm?token=${encodeURIComponent(token)}`);
}
export function confirmCodLink(token: string): Promise<CodConfirmReply> {
  return api<CodConfirmReply>('/orders/cod/confirm', { method: 'POST', body: { token } });
}

export function useConfirmCod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmCod,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
