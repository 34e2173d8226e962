import type {
  AdminReturnsReply,
  CancelItemsBody,
  CancelItemsReply,
  ReturnRequest,
  ReturnRequestsReply,
} from '@bazaar/shared/schemas/returns';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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

/** GET /api/admin/returns: every order's return requests, a page at a time, one status or all. */
export function useAllReturns(status: ReturnRequest['status'] | undefined, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...adminKeys.orders, 'returns', 'all', status ?? 'all', page] as const,
      queryFn: ({ signal }) => api<AdminReturnsReply>('/admin/returns', { query: { status, page }, signal }),
    }),
  );
}

/** GET /api/admin/returns/:id/photo: the shopper's photo, as a URL the page can show (released on unmount). */
export function useReturnPhoto(returnId: string, hasPhoto: boolean) {
  const photo = useQuery(
    queryOptions({
      queryKey: [...adminKeys.orders, 'returns', 'photo', returnId] as const,
      queryFn: ({ signal }) =>
        api<Blob>(`/admin/returns/${encodeURIComponent(returnId)}/photo`, { as: 'blob', signal }),
      enabled: hasPhoto,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo.data) return;
    const next = URL.createObjectURL(photo.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [photo.data]);
  return url;
}

/** POST /api/admin/orders/:id/cancel-items: some units cancelled with a reason; their share refunded. */
export function useAdminCancelItems(orderId: string) {
  const written = useOrderWritten();
  return useMutation({
    mutationFn: (body: CancelItemsBody) =>
      api<CancelItemsReply>(`/admin/orders/${encodeURIComponent(orderId)}/cancel-items`, {
        method: 'POST',
        body,
      }),
    onSettled: () => written(),
  });
}
