import type { MessageReply } from '@bazaar/shared/schemas/user';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/newsletter/unsubscribe?token=…: the signed token of the mail's link. */
export function unsubscribe(token: string): Promise<MessageReply> {
  return api<MessageReply>('/newsletter/unsubscribe', { method: 'POST', query: { token } });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
