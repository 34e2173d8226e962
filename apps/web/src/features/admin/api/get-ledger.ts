import type { LedgerReply } from '@bazaar/shared/schemas/variant-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/variants/:id/ledger: the variant's stock history, newest first. */
export function fetchLedger(id: string, page: number, signal?: AbortSignal): Promise<LedgerReply> {
  return api<LedgerReply>(`/admin/variants/${encodeURIComponent(id)}/ledger?page=${page}&limit=10`, {
    signal,
  });
}

export const ledgerQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.stock, 'ledger', id, page] as const,
    queryFn: ({ signal }) => fetchLedger(id, page, signal),
    placeholderData: keepPreviousData,
  });

export function useLedger(id: string, page: number) {
  return useQuery(ledgerQueryOptions(id, page));
}
