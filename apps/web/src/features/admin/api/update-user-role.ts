import type { UpdatedUserRoleReply, UserRole } from '@bazaar/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** PUT /api/users/update/:userId: promote to admin or make an ordinary user. */
export function updateUserRole(userId: string, newStatus: UserRole): Promise<UpdatedUserRoleReply> {
  return api<UpdatedUserRoleReply>(`/users/update/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body: { newStatus },
  });
}

export function useUpdateUserRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, newStatus }: { userId: string; newStatus: UserRole }) =>
      updateUserRole(userId, newStatus),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.users }),
        client.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
