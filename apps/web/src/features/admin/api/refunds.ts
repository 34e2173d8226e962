import type { AdminRefundBody, OrderRefunds } from '@bazaar/shared/schemas/refunds';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';
import { useOrderWritten } from './order-written';

const refundsKey = (orderId: string) => [...adminKeys.orders, 'refunds', orderId] as const;

/** GET /api/admin/orders/:id/refunds: the order's refunds and what remains of its payment. */
export function useOrderRefunds(orderId: string) {
  return useQuery(
    queryOptions({
      queryKey: refundsKey(orderId),
      queryFn: ({ signal }) =>
        api<OrderRefunds>(`/admin/orders/${encodeURIComponent(orderId)}/refunds`, { signal }),
    }),
  );
}

/** POST /api/admin/orders/:id/refunds, with a key per attempt so a retried click refunds once. */
export function useRefundOrder(orderId: string) {
  const client = useQueryClient();
  const written = useOrderWritten();
  return useMutation({
    mutationFn: ({ key, ...body }: AdminRefundBody & { key: string }) =>
      api<OrderRefunds>(`/admin/orders/${encodeURIComponent(orderId)}/refunds`, {
        method: 'POST',
        body,
        headers: { 'idempotency-key': key },
      }),
    onSuccess: (reply) => client.setQueryData(refundsKey(orderId), reply),
    onSettled: written,
  });
}
