import type { AuthReply, RegisterBody } from '@bazaar/shared/schemas/user';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /users/register: 201 with the new user and a token; 409 when the email is taken. */
export function register(body: RegisterBody): Promise<AuthReply> {
  return api<AuthReply>('/users/register', { method: 'POST', body, token: null });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
