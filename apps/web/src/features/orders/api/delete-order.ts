import type { MessageReply } from '@bazaar/shared/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myOrdersKey } from './get-my-orders';

/** DELETE /orders/{id}: an unpaid order of the shopper's; its items go back on the shelf. */
export function deleteOrder(orderId: string): Promise<MessageReply> {
  return api<MessageReply>(`/orders/${encodeURIComponent(orderId)}`, { method: 'DELETE' });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myOrdersKey }),
  });
}
