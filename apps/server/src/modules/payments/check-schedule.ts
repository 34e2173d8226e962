const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When the provider is asked about an open provider order, counted from when it was made: soon
 * after (a shopper who paid and closed the browser, with no webhook configured, is paid within
 * minutes), around when an unpaid order expires, then ever more rarely, then daily.
 */
const CHECKS_AFTER_MS = [2 * MINUTE, 10 * MINUTE, 30 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY];

/**
 * How long after its order's payment window an open provider order is still asked about. Razorpay
 * may authorise a payment days late (a bank's late confirmation) and captures or refunds it within
 * five days, so a week covers every payment that can still arrive.
 */
export const CHECK_FOR_MS = 7 * DAY;

/** The last check of a provider order whose order's payment window closes at `payBy`. */
export function checksUntil(payBy: Date): Date {
  return new Date(payBy.getTime() + CHECK_FOR_MS);
}

/**
 * The first check of a provider order made at `createdAt` that falls after `now`, or null when none
 * is left: the last is at `until` (see `checksUntil`).
 */
export function nextCheckAt(createdAt: Date, now: Date, until: Date): Date | null {
  const made = createdAt.getTime();
  const end = until.getTime();
  const at = now.getTime();
  if (at >= end) return null;
  const scheduled = CHECKS_AFTER_MS.find((after) => made + after > at);
  if (scheduled !== undefined) return new Date(Math.min(made + scheduled, end));
  const daysAfter = Math.floor((at - made) / DAY) + 1;
  return new Date(Math.min(made + daysAfter * DAY, end));
}
