import type { ContactMessageBody } from '@bazaar/shared/schemas/content';
import type { MessageReply } from '@bazaar/shared/schemas/user';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users/contactUs: the contact page's message, stored for the shop's inbox. */
export function sendContactMessage(body: ContactMessageBody): Promise<MessageReply> {
  return api<MessageReply>('/users/contactUs', { method: 'POST', body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
