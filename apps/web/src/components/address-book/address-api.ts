import type { AddressBody, AddressListReply } from '@bazaar/shared/schemas/addresses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const addressesKey = ['users', 'addresses'] as const;

/** GET /users/addresses: the signed-in shopper's address book, the default first. */
export function getAddresses(signal?: AbortSignal): Promise<AddressListReply> {
  return api<AddressListReply>('/users/addresses', { signal });
}

export function useAddresses(enabled = true) {
  return useQuery({
    ...queryOptions({ queryKey: addressesKey, queryFn: ({ signal }) => getAddresses(signal) }),
    enabled,
  });
}

type Change =
  | { kind: 'add'; body: AddressBody }
  | { kind: 'update'; id: string; body: AddressBody }
  | { kind: 'default'; id: string }
  | { kind: 'delete'; id: string };

/** POST/PUT/DELETE /users/addresses…: every write answers the whole book, which replaces the cached one. */
export function changeAddresses(change: Change): Promise<AddressListReply> {
  const at = (id: string) => `/users/addresses/${encodeURIComponent(id)}`;
  switch (change.kind) {
    case 'add':
      return api<AddressListReply>('/users/addresses', { method: 'POST', body: change.body });
    case 'update':
      return api<AddressListReply>(at(change.id), { method: 'PUT', body: change.body });
    case 'default':
      return api<AddressListReply>(`${at(change.id)}/default`, { method: 'POST' });
    case 'delete':
      return api<AddressListReply>(at(change.id), { method: 'DELETE' });
  }
}

export function useChangeAddresses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAddresses,
    onSuccess: (reply) => queryClient.setQueryData(addressesKey, reply),
  });
}
