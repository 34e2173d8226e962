import type { ForgotPasswordBody, MessageReply } from '@bazaar/shared/schemas/user';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /users/forgot-password: the same neutral message whether or not the email exists. */
export function forgotPassword(body: ForgotPasswordBody): Promise<MessageReply> {
  return api<MessageReply>('/users/forgot-password', { method: 'POST', body, token: null });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
