import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /users/forgot-password: the same neutral message whether or not the email exists. */
export function forgotPassword(email: string): Promise<{ message: string }> {
  return api<{ message: string }>('/users/forgot-password', { method: 'POST', body: { email }, token: null });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
