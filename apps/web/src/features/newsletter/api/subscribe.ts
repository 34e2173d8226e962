import type { MessageReply } from '@bazaar/shared/schemas/user';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/newsletter/subscribe: the same friendly answer for a new address and a repeat. */
export function subscribe(email: string): Promise<MessageReply> {
  return api<MessageReply>('/newsletter/subscribe', { method: 'POST', body: { email } });
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
