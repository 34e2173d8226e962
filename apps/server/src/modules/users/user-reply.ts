import type { User } from '@bazaar/shared';
import type { UserRow } from './users.repo';

/** Stored images are storage keys served under /uploads; an identity provider's picture is a full URL. */
export function profileImageUrl(stored: string | null): string | null {
  if (!stored) return null;
  if (/^https?:\/\//i.test(stored)) return stored;
  return `/uploads/${stored}`;
}

/** The only way a user row leaves the server: an explicit allow-list of fields. */
export function toUserReply(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    profileImage: profileImageUrl(row.profileImage),
    isAdmin: row.isAdmin,
    hasPassword: row.passwordHash !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
