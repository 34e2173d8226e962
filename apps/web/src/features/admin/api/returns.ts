import type { ReturnRequest, ReturnRequestsReply } from '@bazaar/shared/schemas/returns';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';
import { useOrderWritten } from './order-written';

const returnsKey = (orderId: string) => [...adminKeys.orders, 'returns', orderId] as const;

/** GET /api/admin/orders/:id/returns: the order's return requests, newest first. */
export function useOrderReturns(orderId: string) {
  return useQuery(
    queryOptions({
      queryKey: returnsKey(orderId),
      queryFn: async ({ signal }) =>
        (await api<ReturnRequestsReply>(`/admin/orders/${encodeURIComponent(orderId)}/returns`, { signal }))
          .returns,
    }),
  );
}

export type ReturnMove = 'approve' | 'reject' | 'receive' | 'refund';

/** POST /api/admin/returns/:id/{approve|reject|receive|refund}; the order, its refunds and the audit log are stale after. */
export function useMoveReturn(orderId: string) {
  const client = useQueryClient();
  const written = useOrderWritten();
  return useMutation({
    mutationFn: ({ id, move, message }: { id: string; move: ReturnMove; message?: string }) =>
      api<ReturnRequest>(`/admin/returns/${encodeURIComponent(id)}/${move}`, {
        method: 'POST',
        ...(move === 'approve' || move === 'reject' ? { body: message ? { message } : {} } : {}),
      }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: returnsKey(orderId) }), written()]),
  });
}
