import type { AuthReply, LoginBody } from '@bazaar/shared/schemas/user';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /users/login. Sent without the stored token: a wrong password is not a session ending. */
export function login(body: LoginBody): Promise<AuthReply> {
  return api<AuthReply>('/users/login', { method: 'POST', body, token: null });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
