import type { User } from '@bazaar/shared/schemas/user';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';

export interface ProfileUpdateInput {
  userId: string;
  name: string;
  email: string;
  phoneNumber: string;
  /** Both set only when the shopper chose Change Password. */
  password?: string | undefined;
  currentPassword?: string | undefined;
  profileImage?: File | null | undefined;
}

export interface ProfileUpdateReply {
  updatedUser: User;
  /** Present when the password changed: every older token is refused from then on. */
  token?: string;
}

/** PUT /users/user/{userId} as multipart, the way the spec sends it. */
export function updateProfile({
  userId,
  profileImage,
  ...fields
}: ProfileUpdateInput): Promise<ProfileUpdateReply> {
  const form = new FormData();
  form.append('name', fields.name);
  form.append('email', fields.email);
  form.append('phoneNumber', fields.phoneNumber);
  if (fields.password) form.append('password', fields.password);
  // Needed for a new password and for a new email; the server says which.
  if (fields.currentPassword) form.append('currentPassword', fields.currentPassword);
  // The file goes last: a multipart parser reads the text fields before the upload streams.
  if (profileImage) form.append('profileImage', profileImage);
  return api<ProfileUpdateReply>(`/users/user/${encodeURIComponent(userId)}`, { method: 'PUT', body: form });
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
