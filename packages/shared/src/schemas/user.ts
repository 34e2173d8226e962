import { z } from 'zod';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX } from '../account-limits';
import { text } from './common';

export {
  NAME_MAX,
  OIDC_FRAGMENT,
  PASSWORD_HINT,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_MAX,
} from '../account-limits';

/** A user as every reply carries it: never a password or its hash. */
export const userSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    /** URL of the profile image, or null for the default avatar. */
    profileImage: z.string().nullable(),
    isAdmin: z.boolean(),
    /** False for an account made through the identity provider that has not set a password yet. */
    hasPassword: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

const email = z
  .email('Invalid email format')
  .max(254)
  .transform((e) => e.toLowerCase());
/** Characters as a person counts them (code points), so an emoji or a Devanagari letter counts once. */
const characters = (value: string) => [...value].length;
const withinPasswordLength = (schema: z.ZodString) =>
  schema.refine(
    (p) => characters(p) <= PASSWORD_MAX,
    `Password must be at most ${PASSWORD_MAX} characters long`,
  );
/**
 * A new password: PASSWORD_MIN to PASSWORD_MAX characters of any script, spaces included, and nothing
 * else: no "a letter and a digit" rule, which refuses "correct horse battery staple" and passwords in
 * Devanagari or Cyrillic while letting "Password1" through. The server also refuses passwords found in
 * lists of common and leaked ones (that list stays on the server, out of the storefront's bundle).
 */
const password = withinPasswordLength(
  text({ message: 'Password must not contain control characters' }).refine(
    (p) => characters(p) >= PASSWORD_MIN,
    `Password must be at least ${PASSWORD_MIN} characters long`,
  ),
);
/**
 * A password typed to prove who one is (log in, current password): only bounded, never judged, so a
 * password set under an older rule still works. It is compared, never stored or shown.
 */
const passwordAttempt = withinPasswordLength(z.string().min(1, 'Password is required'));
const phone = z
  .string()
  .trim()
  .regex(/^\d+$/, 'Phone number must contain digits only')
  .max(PHONE_MAX, `Phone number must be at most ${PHONE_MAX} digits`);
// Control characters in a name from elsewhere become spaces (see text() in ./common for the rule).
const CONTROL_CHARACTERS = /\p{Cc}+/gu;

/**
 * The one rule for a person's name, used by registration, the profile form and the server: trimmed,
 * 1 to NAME_MAX characters, no control characters. Anything registered under it can be saved again.
 */
export const nameSchema = text({ message: 'Name must not contain control characters' })
  .trim()
  .min(1, 'Name is required')
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters long`);

/**
 * A name from elsewhere (an identity provider's profile) made to fit the name rule: control characters
 * become spaces, the ends are trimmed and it is cut to NAME_MAX without splitting a character.
 * Null when nothing is left.
 */
export function toAccountName(raw: string | null | undefined): string | null {
  const cleaned = (raw ?? '').replace(CONTROL_CHARACTERS, ' ').trim();
  let name = '';
  for (const character of cleaned) {
    if (name.length + character.length > NAME_MAX) break;
    name += character;
  }
  return name.trim() || null;
}
const name = nameSchema;

/** POST /users/register: unknown fields (isAdmin, say) are refused. */
export const registerBodySchema = z.object({ name, email, password, phoneNumber: phone }).strict();
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z
  .object({
    email,
    password: passwordAttempt,
    /**
     * A ticket from a sign-in with the identity provider whose verified email belongs to this account:
     * logging in with the account's password proves the owner agrees, and links the provider to it.
     */
    link: z.string().max(4000).optional(),
  })
  .strict();
export type LoginBody = z.input<typeof loginBodySchema>;

export const authReplySchema = z.object({ user: userSchema, token: z.string() }).meta({ id: 'AuthReply' });
export type AuthReply = z.infer<typeof authReplySchema>;

export const currentUserReplySchema = z.object({ user: userSchema });
export type CurrentUserReply = z.infer<typeof currentUserReplySchema>;
/** `token` is present when the update changed the password: older tokens stop working then. */
export const updatedUserReplySchema = z.object({ updatedUser: userSchema, token: z.string().optional() });
export type UpdatedUserReply = z.infer<typeof updatedUserReplySchema>;

/** Text fields of PUT /users/user/{userId} (multipart; profileImage is the file part). */
export const profileUpdateFieldsSchema = z
  .object({
    name: name.optional(),
    email: email.optional(),
    phoneNumber: z.union([phone, z.literal('')]).optional(),
    password: password.optional(),
    currentPassword: passwordAttempt.optional(),
  })
  .strict();
export type ProfileUpdateFields = z.input<typeof profileUpdateFieldsSchema>;

export const changePasswordBodySchema = z
  .object({
    currentPassword: withinPasswordLength(z.string().min(1, 'Current password is required')),
    newPassword: password,
  })
  .strict();
export const forgotPasswordBodySchema = z.object({ email }).strict();
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;
export const resetPasswordBodySchema = z.object({ password }).strict();
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
export const messageReplySchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;
/** PUT /users/password: the fresh token keeps this browser signed in; every older token is refused. */
export const changePasswordReplySchema = z.object({ message: z.string(), token: z.string() });

/** POST /users/logout: ends this session, or with `everywhere` every session of the account. */
export const logoutBodySchema = z.object({ everywhere: z.boolean().optional() }).strict();
export type LogoutBody = z.input<typeof logoutBodySchema>;

/** GET /auth/oidc/config: whether 'Log In With Google' can be offered. */
export const oidcConfigReplySchema = z.object({ enabled: z.boolean() });
export type OidcConfigReply = z.infer<typeof oidcConfigReplySchema>;

export const passwordRules = { password, email, phone, name };
