/**
 * The places where a process dying would test whether money is ever kept for a cancelled order.
 * A test run of a real server process (NODE_ENV=test) names one in TEST_KILL_AT, and the process
 * kills itself with SIGKILL the first time it gets there: no cleanup, no reply, transactions
 * open. Outside tests nothing is armed and a kill point costs one comparison.
 */
export type KillPoint =
  /** The sandbox took a payment and wrote its webhooks, none sent yet (before its reply). */
  | 'sandbox:payment-committed'
  /** The sandbox claimed a webhook delivery and has not sent it. */
  | 'sandbox:webhook-claimed'
  /** The shop acknowledged a sandbox webhook; the sandbox has not recorded it as delivered. */
  | 'sandbox:webhook-acknowledged'
  /** Settling a captured payment: the order moved, the transaction not committed. */
  | 'payments:settling'
  /** A refund was made at the provider and not yet recorded. */
  | 'payments:refund-made'
  /** The expiry claimed orders due to expire and has not asked the provider about them. */
  | 'orders:expiry-claimed'
  /** The provider had no payment for an expiring order; it is not cancelled yet. */
  | 'orders:expiry-checked'
  /** Messages were claimed for an attempt (committed as sending); none sent yet. */
  | 'notify:claimed'
  /** The provider took a message; its answer is not recorded yet. */
  | 'notify:accepted';

const armed = process.env.NODE_ENV === 'test' ? process.env.TEST_KILL_AT : undefined;

export function killPoint(point: KillPoint): void {
  if (armed === point) process.kill(process.pid, 'SIGKILL');
}
