import type { MessageReply, ResetPasswordBody } from '@bazaar/shared/schemas/user';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The body of PUT /users/reset-password/{token}, and the single-use token from the mailed link. */
export type ResetPasswordInput = ResetPasswordBody & { token: string };

/** PUT /users/reset-password/{token}. */
export function resetPassword({ token, ...body }: ResetPasswordInput): Promise<MessageReply> {
  return api<MessageReply>(`/users/reset-password/${encodeURIComponent(token)}`, {
    method: 'PUT',
    body,
    token: null,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
