import type { LogoutBody, MessageReply } from '@bazaar/shared/schemas/user';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /users/logout: ends the session on the server (every session of the account with
 * `everywhere`). The token is passed explicitly: the browser has already let it go, and a refusal
 * (a session that had already ended) is nobody's news.
 */
export function logoutOnServer(token: string, body: LogoutBody = {}): Promise<MessageReply> {
  return api<MessageReply>('/users/logout', { method: 'POST', body, token });
}

export function useLogoutEverywhere() {
  return useMutation({
    mutationFn: (token: string) => logoutOnServer(token, { everywhere: true }),
  });
}
