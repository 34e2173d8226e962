/**
 * Razorpay retries a webhook that got no 2xx reply "in exponential backoff policy for 24 hours after
 * event creation timestamp", then gives up (and disables the webhook); it does not publish the
 * intervals. The sandbox does the same: the first retry a minute after a failed attempt, each
 * wait twice the last, the last attempt at 24 hours.
 */
export const WEBHOOK_RETRY_FOR_MS = 24 * 60 * 60_000;
export const WEBHOOK_FIRST_RETRY_MS = 60_000;
/** Razorpay counts a webhook not answered within 5 seconds as failed. */
export const WEBHOOK_TIMEOUT_MS = 5000;

/**
 * When the attempt after the `attempts`-th (counting the one starting `now`) is due, should that
 * one fail; undefined when this is the last (24 hours have passed since the event).
 */
export function nextWebhookAttempt(createdAt: Date, attempts: number, now: Date): Date | undefined {
  const end = createdAt.getTime() + WEBHOOK_RETRY_FOR_MS;
  if (now.getTime() >= end) return undefined;
  const wait = WEBHOOK_FIRST_RETRY_MS * 2 ** Math.min(Math.max(attempts - 1, 0), 20);
  return new Date(Math.min(now.getTime() + wait, end));
}
