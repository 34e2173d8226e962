import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** PUT /users/password: answers a fresh token, since every older one stops working. */
export function changePassword(body: ChangePasswordInput): Promise<{ message: string; token: string }> {
  return api<{ message: string; token: string }>('/users/password', { method: 'PUT', body });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ token }) => {
      const { user, setSession } = useSession.getState();
      if (user) setSession(user, token);
    },
  });
}
