/**
 * SQLSTATEs of a transaction that lost a race rather than one that was wrong: a deadlock the server
 * broke by cancelling it (40P01), or a serialization failure (40001). The same work run again succeeds.
 */
const CONFLICT_STATES = new Set(['40P01', '40001']);

/** Whether `error` (or what it wraps: Drizzle puts the driver's error in `cause`) is such a conflict. */
export function isTransactionConflict(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONFLICT_STATES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
