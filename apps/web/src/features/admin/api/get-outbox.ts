import type { AdminMessagesParams, AdminMessagesReply } from '@bazaar/shared/schemas/messages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/messages: messages to shoppers (mail, WhatsApp), newest first, with their status. */
export function fetchOutbox(
  params: Partial<AdminMessagesParams>,
  signal?: AbortSignal,
): Promise<AdminMessagesReply> {
  return api<AdminMessagesReply>('/admin/messages', { query: { ...params }, signal });
}

export const outboxQueryOptions = (params: Partial<AdminMessagesParams>) =>
  queryOptions({
    queryKey: [...adminKeys.outbox, params] as const,
    queryFn: ({ signal }) => fetchOutbox(params, signal),
    placeholderData: keepPreviousData,
  });

export function useOutbox(params: Partial<AdminMessagesParams>) {
  return useQuery(outboxQueryOptions(params));
}
