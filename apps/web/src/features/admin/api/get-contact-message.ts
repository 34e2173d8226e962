import type { ContactMessage } from '@bazaar/shared/schemas/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/contact-messages/:id */
export function fetchContactMessage(id: string, signal?: AbortSignal): Promise<ContactMessage> {
  return api<ContactMessage>(`/admin/contact-messages/${encodeURIComponent(id)}`, { signal });
}

export const contactMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.contact, 'one', id] as const,
    queryFn: ({ signal }) => fetchContactMessage(id, signal),
  });

export function useContactMessage(id: string) {
  return useQuery(contactMessageQueryOptions(id));
}
