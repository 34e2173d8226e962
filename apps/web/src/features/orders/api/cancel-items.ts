import type { CancelItemsBody, CancelItemsReply } from '@bazaar/shared/schemas/returns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myOrdersKey } from './get-my-orders';

/** POST /orders/:id/cancel-items: some units of a paid order that has not shipped; their share is refunded. */
export function cancelItems(orderId: string, body: CancelItemsBody): Promise<CancelItemsReply> {
  return api<CancelItemsReply>(`/orders/${encodeURIComponent(orderId)}/cancel-items`, {
    method: 'POST',
    body,
  });
}

export function useCancelItems(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelItemsBody) => cancelItems(orderId, body),
    onSettled: () => client.invalidateQueries({ queryKey: myOrdersKey }),
  });
}
