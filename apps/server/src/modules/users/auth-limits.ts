import type { AttemptPolicy } from './attempts.repo';

/** How many sign-in, registration and reset attempts are allowed; tests pass smaller numbers through the config. */
export interface AuthLimits {
  /** Failed logins per email from addresses that have not signed in to it before. */
  loginPerAccount: AttemptPolicy;
  /** Failed logins per email from one address that has signed in to it before (the owner's own). */
  loginPerKnownAddress: AttemptPolicy;
  /** Failed logins per client IP, whatever the email (successful ones are taken back). */
  loginPerIp: AttemptPolicy;
  /** Registrations per client IP (each one costs a password hash). */
  registerPerIp: AttemptPolicy;
  forgotPasswordPerIp: AttemptPolicy;
  forgotPasswordPerAccount: AttemptPolicy;
  /** Wrong current passwords per signed-in user (password or email change). */
  passwordChangePerUser: AttemptPolicy;
  /** How long an address that signed in to an account counts as the owner's. */
  knownAddressMs: number;
}

/** A test's or a deployment's changes: any policy, or part of one. */
export type AuthLimitsOverrides = {
  [K in keyof AuthLimits]?: AuthLimits[K] extends AttemptPolicy ? Partial<AttemptPolicy> : AuthLimits[K];
};

declare module '../../config' {
  interface Config {
    authLimits?: AuthLimitsOverrides;
  }
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  // Five tries, then 30 s, 1, 2, 4, 8 and at most 15 minutes between tries: a guesser gets about a
  // hundred a day, the owner waits minutes at worst (and not at all from an address they used before).
  loginPerAccount: { free: 5, firstDelayMs: 30 * SECOND, maxDelayMs: 15 * MINUTE, forgetAfterMs: 24 * HOUR },
  loginPerKnownAddress: {
    free: 5,
    firstDelayMs: 30 * SECOND,
    maxDelayMs: 15 * MINUTE,
    forgetAfterMs: 24 * HOUR,
  },
  loginPerIp: { free: 10, firstDelayMs: MINUTE, maxDelayMs: 15 * MINUTE, forgetAfterMs: HOUR },
  registerPerIp: { free: 10, firstDelayMs: MINUTE, maxDelayMs: HOUR, forgetAfterMs: HOUR },
  forgotPasswordPerIp: { free: 10, firstDelayMs: MINUTE, maxDelayMs: 15 * MINUTE, forgetAfterMs: HOUR },
  forgotPasswordPerAccount: { free: 5, firstDelayMs: MINUTE, maxDelayMs: 15 * MINUTE, forgetAfterMs: HOUR },
  passwordChangePerUser: { free: 5, firstDelayMs: 30 * SECOND, maxDelayMs: 15 * MINUTE, forgetAfterMs: HOUR },
  knownAddressMs: 30 * 24 * HOUR,
};

/** The defaults with a config's changes laid over them. */
export function authLimits(overrides: AuthLimitsOverrides = {}): AuthLimits {
  const limits = { ...DEFAULT_AUTH_LIMITS };
  for (const [name, value] of Object.entries(overrides) as [keyof AuthLimits, unknown][]) {
    const base = DEFAULT_AUTH_LIMITS[name];
    (limits as Record<string, unknown>)[name] =
      typeof base === 'object' ? { ...base, ...(value as Partial<AttemptPolicy>) } : value;
  }
  return limits;
}
