import type { CreditNoteList } from '@bazaar/shared/schemas/credit-notes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/orders/:id/credit-notes: the order's credit notes, oldest first. */
export function useOrderCreditNotes(orderId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...adminKeys.orders, 'credit-notes', orderId] as const,
      queryFn: ({ signal }) =>
        api<CreditNoteList>(`/admin/orders/${encodeURIComponent(orderId)}/credit-notes`, { signal }),
    }),
  );
}

/** The path of one of the order's credit note PDFs (downloaded with the session's token). */
export const adminCreditNotePath = (orderId: string, creditNoteId: string) =>
  `/admin/orders/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(creditNoteId)}`;
