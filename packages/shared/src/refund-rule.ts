/**
 * The refund rule (integer paise): a refund is allowed only while it fits in what the payment captured
 * less what its refunds already took (failed ones took nothing). The server checks it with the
 * payment's row locked, and the database's trigger checks it again.
 */
export function refundFits(capturedPaise: number, refundedPaise: number, requestedPaise: number): boolean {
  return (
    Number.isInteger(requestedPaise) &&
    requestedPaise > 0 &&
    refundedPaise >= 0 &&
    refundedPaise + requestedPaise <= capturedPaise
  );
}

/** What remains refundable, never below 0. */
export function refundablePaise(capturedPaise: number, refundedPaise: number): number {
  return Math.max(0, capturedPaise - refundedPaise);
}
