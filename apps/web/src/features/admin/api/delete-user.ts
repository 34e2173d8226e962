import type { DeletedReply } from '@bazaar/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** DELETE /api/users/delete/:userId: the account goes; its orders stay. */
export function deleteUser(userId: string): Promise<DeletedReply> {
  return api<DeletedReply>(`/users/delete/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.users }),
        client.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
