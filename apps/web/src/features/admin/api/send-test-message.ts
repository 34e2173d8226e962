import type { TestMessageBody, TestMessageReply } from '@bazaar/shared/schemas/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** POST /api/admin/messages/test: WhatsApp's sample template to a mobile number. */
export function sendTestMessage(body: TestMessageBody): Promise<TestMessageReply> {
  return api<TestMessageReply>('/admin/messages/test', { method: 'POST', body });
}

export function useSendTestMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendTestMessage,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.outbox }),
  });
}
