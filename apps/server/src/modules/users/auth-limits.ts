import type { Limits } from '../../config-limits';
import type { AttemptPolicy } from './attempts.repo';

/**
 * How many sign-in, registration and reset attempts are allowed, and the waits past them. The counts
 * come from the environment (config.limits); tests may change any policy through `Config.authLimits`.
 */
export interface AuthLimits {
  /** Failed logins per email from devices that have not signed in to it before. */
  loginPerAccount: AttemptPolicy;
  /** Failed logins per email from one device that has signed in to it before (the owner's own). */
  loginPerKnownDevice: AttemptPolicy;
  /** Failed logins per client address in an hour, whatever the email (successful ones are taken back). */
  loginPerAddress: AttemptPolicy;
  /** Registrations per device (its signed cookie). */
  registerPerDevice: AttemptPolicy;
  /** Registrations per client address in an hour (each one costs a password hash). */
  registerPerAddress: AttemptPolicy;
  forgotPasswordPerAddress: AttemptPolicy;
  forgotPasswordPerAccount: AttemptPolicy;
  /** Wrong current passwords per signed-in user (password or email change). */
  passwordChangePerUser: AttemptPolicy;
  /** How long a device that signed in to an account keeps its own count for it. */
  knownDeviceMs: number;
}

/** A test's changes: any policy, or part of one. */
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
const DAY = 24 * HOUR;

/**
 * The policies for the configured counts. One person's keys (an account, a device) wait 30 s after
 * their free tries, then 1, 2, 4, 8 and at most 15 minutes: a guesser gets about a hundred tries a
 * day, the owner minutes at worst (and nothing from a device they signed in with before). Keys many
 * people share (an address behind a carrier's NAT) are ceilings counted per hour from the hour's
 * first attempt, so a steady trickle of other people's typos never adds up to a wait.
 */
export function authLimits(limits: Limits, overrides: AuthLimitsOverrides = {}): AuthLimits {
  const person = (free: number, forgetAfterMs: number): AttemptPolicy => ({
    free,
    firstDelayMs: 30 * SECOND,
    maxDelayMs: 15 * MINUTE,
    forgetAfterMs,
  });
  const shared = (free: number): AttemptPolicy => ({
    free,
    firstDelayMs: MINUTE,
    maxDelayMs: 15 * MINUTE,
    forgetAfterMs: HOUR,
    resets: 'window',
  });
  const base: AuthLimits = {
    loginPerAccount: person(limits.loginFailuresPerAccount, DAY),
    loginPerKnownDevice: person(limits.loginFailuresPerKnownDevice, DAY),
    loginPerAddress: shared(limits.loginFailuresPerAddressHour),
    registerPerDevice: {
      free: limits.registrationsPerDeviceHour,
      firstDelayMs: MINUTE,
      maxDelayMs: HOUR,
      forgetAfterMs: HOUR,
    },
    registerPerAddress: shared(limits.registrationsPerAddressHour),
    forgotPasswordPerAddress: shared(limits.resetRequestsPerAddressHour),
    forgotPasswordPerAccount: { ...person(limits.resetRequestsPerAccountHour, HOUR), firstDelayMs: MINUTE },
    passwordChangePerUser: person(limits.currentPasswordFailuresPerUser, HOUR),
    knownDeviceMs: limits.knownDeviceDays * DAY,
  };
  const result = { ...base };
  for (const [name, value] of Object.entries(overrides) as [keyof AuthLimits, unknown][]) {
    const current = base[name];
    (result as Record<string, unknown>)[name] =
      typeof current === 'object' ? { ...current, ...(value as Partial<AttemptPolicy>) } : value;
  }
  return result;
}
