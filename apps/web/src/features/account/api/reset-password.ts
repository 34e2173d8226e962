import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ResetPasswordInput {
  token: string;
  password: string;
}

/** PUT /users/reset-password/{token}: the single-use token from the mailed link. */
export function resetPassword({ token, password }: ResetPasswordInput): Promise<{ message: string }> {
  return api<{ message: string }>(`/users/reset-password/${encodeURIComponent(token)}`, {
    method: 'PUT',
    body: { password },
    token: null,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
