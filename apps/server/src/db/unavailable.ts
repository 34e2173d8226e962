/**
 * SQLSTATEs that say the database is away for now, not that the statement was wrong: a shutdown or
 * crash restart (57P01, 57P02), a server starting or stopping (57P03), no connection slot (53300).
 * Class 08 (connection exceptions) counts whole.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Socket errors of reaching the server: refused while it is down, reset, timed out, not found. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres (and PGlite) say, without a code, when a connection is lost or cannot be had. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];

/**
 * Whether an error means the database cannot be reached just now (down, restarting, failing over,
 * the connection lost), as opposed to a fault of the request or the code. Looks through the causes a
 * query builder wraps around the driver's error, and the attempts of a connection to several addresses.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || SOCKET_CODES.has(code)) return true;
  }
  if (DRIVER_MESSAGES.some((m) => error.message.includes(m))) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(error.cause, depth + 1);
}
