import type { CurrentUserReply, User } from '@bazaar/shared/schemas/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// Types only from the shared schemas: the session bootstrap loads this file with the
// app shell, and zod must stay out of that bundle.

export const currentUserKey = ['users', 'current'] as const;

/**
 * GET /users/user: the user behind the stored token, or behind `token` when given
 * (a token from the identity provider, checked before it becomes the session).
 */
export async function getCurrentUser(signal?: AbortSignal, token?: string): Promise<User> {
  const reply = await api<CurrentUserReply>('/users/user', token ? { signal, token } : { signal });
  return reply.user;
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    retry: false,
  });
}

export function useCurrentUser(enabled = true) {
  return useQuery({ ...currentUserQueryOptions(), enabled });
}
