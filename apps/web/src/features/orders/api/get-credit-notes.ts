import type { CreditNoteList } from '@bazaar/shared/schemas/credit-notes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myOrdersKey } from './get-my-orders';

/** GET /orders/:id/credit-notes: the credit notes of one of the shopper's orders, oldest first. */
export function getCreditNotes(orderId: string, signal?: AbortSignal): Promise<CreditNoteList> {
  return api<CreditNoteList>(`/orders/${encodeURIComponent(orderId)}/credit-notes`, { signal });
}

/** Asked only for an order with a processed refund: no other order has a credit note. */
export function useCreditNotes(orderId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...myOrdersKey, orderId, 'credit-notes'] as const,
      queryFn: ({ signal }) => getCreditNotes(orderId, signal),
      enabled,
    }),
  );
}

/** The path of a credit note's PDF (downloaded with the session's token). */
export const creditNotePath = (orderId: string, creditNoteId: string) =>
  `/orders/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(creditNoteId)}`;
