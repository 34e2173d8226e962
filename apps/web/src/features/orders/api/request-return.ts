import type { CreateReturnBody, ReturnRequest } from '@bazaar/shared/schemas/returns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myOrdersKey } from './get-my-orders';
import { myReturnsKey } from './get-my-returns';

/** POST /orders/:id/returns: units of delivered lines, each with its reason. */
export function requestReturn(orderId: string, body: CreateReturnBody): Promise<ReturnRequest> {
  return api<ReturnRequest>(`/orders/${encodeURIComponent(orderId)}/returns`, { method: 'POST', body });
}

export function useRequestReturn(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReturnBody) => requestReturn(orderId, body),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: myOrdersKey }),
        client.invalidateQueries({ queryKey: myReturnsKey }),
      ]),
  });
}
