/** Where the server reads the time, so code that depends on it (expiry, coupons, caches) can be tested. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
