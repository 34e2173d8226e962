// The account rules' numbers and words the browser needs without zod (the schemas in schemas/user.ts
// are built from them; pages import these, and only the forms' lazily loaded resolvers load zod).

export const NAME_MAX = 50;
export const PHONE_MAX = 10;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** What the forms show under a new-password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters. A few unrelated words make a strong password you can remember; common passwords are refused.`;

/**
 * After the identity provider, the server redirects the browser to
 * `/login#token=<jwt>&next=<path>` on success or `/login#error=<message>` on
 * failure; the SPA reads these from the URL fragment (never sent to servers).
 * When the verified email belongs to an account with a password, the failure
 * also carries `link=<ticket>&email=<address>`: logging in with that account's
 * password (the ticket in the login body) links the provider to it.
 */
export const OIDC_FRAGMENT = {
  token: 'token',
  next: 'next',
  error: 'error',
  link: 'link',
  email: 'email',
} as const;
