import type { DeletedReply } from '@bazaar/shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useOrderWritten } from './order-written';

/** DELETE /api/Orders/delete/:id (the spec's capital O): a cancelled, unpaid order only. */
export function deleteOrder(orderId: string): Promise<DeletedReply> {
  return api<DeletedReply>(`/Orders/delete/${encodeURIComponent(orderId)}`, { method: 'DELETE' });
}

export function useDeleteOrder() {
  const written = useOrderWritten();
  return useMutation({ mutationFn: deleteOrder, onSuccess: written });
}
