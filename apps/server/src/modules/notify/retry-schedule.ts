/**
 * When a message the provider did not take is tried again: 30 s after the first attempt, each wait
 * twice the last, at most 30 minutes, each ±20% so that messages refused together (an outage) do not
 * all come back in the same second. After MAX_ATTEMPTS attempts (about an hour and a half) it has failed.
 */
export const MAX_ATTEMPTS = 8;
export const FIRST_RETRY_MS = 30_000;
export const LONGEST_WAIT_MS = 30 * 60_000;

/**
 * The wait after the `attempts`-th attempt was refused (at least what the provider asked for);
 * undefined when that was the last one. `random` is in [0, 1).
 */
export function retryWaitMs(
  attempts: number,
  options: { retryAfterMs?: number | undefined; random?: () => number } = {},
): number | undefined {
  if (attempts >= MAX_ATTEMPTS) return undefined;
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
  const jittered = Math.min(
    Math.round(base * (0.8 + 0.4 * (options.random ?? Math.random)())),
    LONGEST_WAIT_MS,
  );
  return Math.max(jittered, Math.min(options.retryAfterMs ?? 0, LONGEST_WAIT_MS));
}
