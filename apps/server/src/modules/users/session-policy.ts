const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * How long a session lasts (docs/decisions/056-sessions-on-the-server.md): a token expires after a day without use and is renewed
 * while in use, at most once an hour; whatever its use, a session ends two weeks after sign-in.
 * Changing the password or email of an account without a password needs a sign-in with the
 * provider in the last ten minutes.
 */
export const SESSION_POLICY = {
  idleMs: 24 * HOUR,
  renewAfterMs: HOUR,
  lifetimeMs: 14 * 24 * HOUR,
  freshProofMs: 10 * MINUTE,
} as const;
