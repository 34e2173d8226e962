import type { ContactMessage } from '@bazaar/shared/schemas/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactMessageQueryOptions } from './get-contact-message';
import { adminKeys } from './keys';

/** PUT /api/admin/contact-messages/:id/read: mark a message read or unread. */
export function markContactMessage(id: string, read: boolean): Promise<ContactMessage> {
  return api<ContactMessage>(`/admin/contact-messages/${encodeURIComponent(id)}/read`, {
    method: 'PUT',
    body: { read },
  });
}

export function useMarkContactMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => markContactMessage(id, read),
    onSuccess: (message) => client.setQueryData(contactMessageQueryOptions(message._id).queryKey, message),
    onSettled: () => client.invalidateQueries({ queryKey: [...adminKeys.contact, 'list'] }),
  });
}
