import type { AdminListParams, AdminUsersReply } from '@bazaar/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/users/all: a page of users matching the search, with the three counts. */
export function fetchUsers(params: Partial<AdminListParams>, signal?: AbortSignal): Promise<AdminUsersReply> {
  return api<AdminUsersReply>('/users/all', { query: { ...params }, signal });
}

export const usersQueryOptions = (params: Partial<AdminListParams>) =>
  queryOptions({
    queryKey: [...adminKeys.users, params] as const,
    queryFn: ({ signal }) => fetchUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: Partial<AdminListParams>) {
  return useQuery(usersQueryOptions(params));
}
