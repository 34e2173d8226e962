import type { ContactInboxParams, ContactInboxReply } from '@bazaar/shared/schemas/content';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/contact-messages: the inbox, newest first, all or only unread or read. */
export function fetchContactMessages(
  params: Partial<ContactInboxParams>,
  signal?: AbortSignal,
): Promise<ContactInboxReply> {
  return api<ContactInboxReply>('/admin/contact-messages', { query: { ...params }, signal });
}

export const contactMessagesQueryOptions = (params: Partial<ContactInboxParams>) =>
  queryOptions({
    queryKey: [...adminKeys.contact, 'list', params] as const,
    queryFn: ({ signal }) => fetchContactMessages(params, signal),
    placeholderData: keepPreviousData,
  });

export function useContactMessages(params: Partial<ContactInboxParams>) {
  return useQuery(contactMessagesQueryOptions(params));
}
