/**
 * What one attempt at a message came to. Only `retry` leads to another attempt, and only an answer
 * that the provider did not take the message (or a connection that never opened) is `retry`: when
 * the message may have gone out, the attempt is `unknown` and the message is never sent again.
 */
export type SendOutcome =
  /** The provider took it; its id for the message (status reports name it). */
  | { kind: 'accepted'; providerMessageId: string }
  /** Not taken, for now (an outage, a rate limit, unreachable): another attempt later. */
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  /** Not taken, for good (a bad number, a template the provider does not know): no other attempt. */
  | { kind: 'refused'; error: string }
  /** No answer after the request went out: it may have been sent, so it is not sent again. */
  | { kind: 'unknown'; error: string };

/** Network failures that happen before a request can reach the other side: nothing was sent. */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Whether an error (or its cause, as fetch wraps them) says the connection was never made. */
export function neverConnected(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && NEVER_CONNECTED.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export function errorText(error: unknown): string {
  const e = error as { message?: unknown; cause?: { code?: unknown; message?: unknown } } | undefined;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  const cause = e?.cause?.code ?? e?.cause?.message;
  return (typeof cause === 'string' ? `${message} (${cause})` : message).slice(0, 500);
}
