import type { RefundStatus } from '../../db/schema/after-sale';

/**
 * A refund's moves: asked of the provider (pending), then done (processed) or refused (failed).
 * Mirrored by `refund_status_transitions` and a trigger (0025); a test keeps the two equal. A failed
 * refund's amount is free to refund again (the sum rule leaves failed ones out).
 */
export const REFUND_TRANSITIONS: readonly { from: RefundStatus; to: RefundStatus; means: string }[] = [
  { from: 'pending', to: 'processed', means: 'the provider gave the money back' },
  { from: 'pending', to: 'failed', means: 'the provider could not give it back' },
];

export function refundMoveAllowed(from: RefundStatus, to: RefundStatus): boolean {
  return REFUND_TRANSITIONS.some((t) => t.from === from && t.to === to);
}
