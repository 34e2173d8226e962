import { z } from 'zod';

export const NAME_MAX = 50;
export const PHONE_MAX = 10;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

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
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

const email = z
  .email('Invalid email format')
  .max(254)
  .transform((e) => e.toLowerCase());
const password = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`)
  .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), 'Password must contain a letter and a digit');
const phone = z
  .string()
  .trim()
  .regex(/^\d+$/, 'Phone number must contain digits only')
  .max(PHONE_MAX, `Phone number must be at most ${PHONE_MAX} digits`);
// C0 and C1 control characters (NUL, tab, newline, escape, ...): never part of a name, and they break
// e-mails, logs and page layout. Format characters such as the zero-width joiner stay: scripts need them.
const CONTROL_CHARACTER = /\p{Cc}/u;
const CONTROL_CHARACTERS = /\p{Cc}+/gu;

/**
 * The one rule for a person's name, used by registration, the profile form and the server: trimmed,
 * 1 to NAME_MAX characters, no control characters. Anything registered under it can be saved again.
 */
export const nameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters long`)
  .refine((n) => !CONTROL_CHARACTER.test(n), 'Name must not contain control characters');

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
    password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
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
    currentPassword: z.string().max(PASSWORD_MAX).optional(),
  })
  .strict();
export type ProfileUpdateFields = z.input<typeof profileUpdateFieldsSchema>;

export const changePasswordBodySchema = z
  .object({ currentPassword: z.string().min(1, 'Current password is required'), newPassword: password })
  .strict();
export const forgotPasswordBodySchema = z.object({ email }).strict();
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;
export const resetPasswordBodySchema = z.object({ password }).strict();
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
export const messageReplySchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;
/** PUT /users/password: the fresh token keeps this browser signed in; every older token is refused. */
export const changePasswordReplySchema = z.object({ message: z.string(), token: z.string() });

/** GET /auth/oidc/config: whether 'Log In With Google' can be offered. */
export const oidcConfigReplySchema = z.object({ enabled: z.boolean() });
export type OidcConfigReply = z.infer<typeof oidcConfigReplySchema>;
/**
 * After the identity provider, the server redirects the browser to
 * `/login#token=<jwt>&next=<path>` on success or `/login#error=<message>` on
 * failure; the SPA reads these from the URL fragment (never sent to servers).
 */
export const OIDC_FRAGMENT = { token: 'token', next: 'next', error: 'error' } as const;

export const passwordRules = { password, email, phone, name };
