import type { ProfileUpdateFields, UpdatedUserReply } from '@bazaar/shared/schemas/user';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';

/** The text fields of the update (packages/shared), whose profile, and the new picture if one was chosen. */
export type ProfileUpdateInput = ProfileUpdateFields & { userId: string; profileImage?: File | null };

/** PUT /users/user/{userId} as multipart, the way the spec sends it. */
export function updateProfile({
  userId,
  profileImage,
  password,
  currentPassword,
  ...fields
}: ProfileUpdateInput): Promise<UpdatedUserReply> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  if (password) form.append('password', password);
  // Needed for a new password and for a new email; the server says which.
  if (currentPassword) form.append('currentPassword', currentPassword);
  // The file goes last: a multipart parser reads the text fields before the upload streams.
  if (profileImage) form.append('profileImage', profileImage);
  return api<UpdatedUserReply>(`/users/user/${encodeURIComponent(userId)}`, { method: 'PUT', body: form });
}

/** Updates the profile and the session with it, so the header avatar follows at once. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ updatedUser, token }) => {
      const session = useSession.getState();
      if (token) session.setSession(updatedUser, token);
      else session.setUser(updatedUser);
    },
  });
}
