import { z } from 'zod';

/**
 * The limits an operator sets, as counts (README, "Limits", says why each default is what it is). The
 * waits between tries past a count are fixed in the modules that apply them.
 */
export interface Limits {
  /** Failed logins to one account from devices that never signed in to it, before each try waits. */
  loginFailuresPerAccount: number;
  /** Failed logins to one account from one device that signed in to it before (its own count). */
  loginFailuresPerKnownDevice: number;
  /** Failed logins from one address in an hour, whatever the account: a ceiling against floods. */
  loginFailuresPerAddressHour: number;
  /** Registrations from one device (its signed cookie) in an hour. */
  registrationsPerDeviceHour: number;
  /** Registrations from one address in an hour: a ceiling against floods. */
  registrationsPerAddressHour: number;
  resetRequestsPerAccountHour: number;
  resetRequestsPerAddressHour: number;
  /** Wrong current passwords (password or email change) per signed-in user. */
  currentPasswordFailuresPerUser: number;
  /** How long a device that signed in to an account keeps its own count for that account. */
  knownDeviceDays: number;
  /** Contact-form messages from one address in 10 minutes. */
  contactMessagesPerAddress: number;
  /** Newsletter sign-ups from one address in 10 minutes. */
  newsletterSignupsPerAddress: number;
  /** Coupon codes a guest's browser (its signed device cookie) may check in an hour. */
  couponChecksPerDevice: number;
  /** Coupon codes checked from one address in an hour, whatever the browser: a ceiling against guessing. */
  couponChecksPerAddress: number;
}

const count = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

/** The environment's names for the limits, with their defaults. */
export const LIMIT_VARIABLES = {
  LOGIN_FAILURES_PER_ACCOUNT: count(5),
  LOGIN_FAILURES_PER_KNOWN_DEVICE: count(5),
  LOGIN_FAILURES_PER_ADDRESS: count(500),
  REGISTRATIONS_PER_DEVICE: count(10),
  REGISTRATIONS_PER_ADDRESS: count(300),
  RESET_REQUESTS_PER_ACCOUNT: count(5),
  RESET_REQUESTS_PER_ADDRESS: count(300),
  CURRENT_PASSWORD_FAILURES_PER_USER: count(5),
  KNOWN_DEVICE_DAYS: z.coerce.number().int().min(1).max(400).default(90),
  CONTACT_MESSAGES_PER_ADDRESS: count(20),
  NEWSLETTER_SIGNUPS_PER_ADDRESS: count(20),
  COUPON_CHECKS_PER_DEVICE: count(20),
  COUPON_CHECKS_PER_ADDRESS: count(300),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(1).max(10_000).default(64),
};

type LimitEnv = { [K in keyof typeof LIMIT_VARIABLES]: z.output<(typeof LIMIT_VARIABLES)[K]> };

export function limitsFromEnv(e: LimitEnv): Limits {
  return {
    loginFailuresPerAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
    loginFailuresPerKnownDevice: e.LOGIN_FAILURES_PER_KNOWN_DEVICE,
    loginFailuresPerAddressHour: e.LOGIN_FAILURES_PER_ADDRESS,
    registrationsPerDeviceHour: e.REGISTRATIONS_PER_DEVICE,
    registrationsPerAddressHour: e.REGISTRATIONS_PER_ADDRESS,
    resetRequestsPerAccountHour: e.RESET_REQUESTS_PER_ACCOUNT,
    resetRequestsPerAddressHour: e.RESET_REQUESTS_PER_ADDRESS,
    currentPasswordFailuresPerUser: e.CURRENT_PASSWORD_FAILURES_PER_USER,
    knownDeviceDays: e.KNOWN_DEVICE_DAYS,
    contactMessagesPerAddress: e.CONTACT_MESSAGES_PER_ADDRESS,
    newsletterSignupsPerAddress: e.NEWSLETTER_SIGNUPS_PER_ADDRESS,
    couponChecksPerDevice: e.COUPON_CHECKS_PER_DEVICE,
    couponChecksPerAddress: e.COUPON_CHECKS_PER_ADDRESS,
  };
}
