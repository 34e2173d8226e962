import type { MessageStatus } from '@bazaar/shared/schemas/messages';

// Dark text on light tints: readable (WCAG AA) whatever the shop's colour.
const TONE: Record<MessageStatus, string> = {
  queued: 'bg-gray-200 text-gray-900',
  sending: 'bg-blue-100 text-blue-900',
  sent: 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
  unknown: 'bg-amber-100 text-amber-900',
};

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  // The attempt got no answer: it may have gone out, so the shop does not send it again.
  unknown: 'Unknown (not resent)',
};

/** A message's delivery status as a small label. */
export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return (
    <span
      className={`inline-block rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONE[status]}`}
    >
      {MESSAGE_STATUS_LABELS[status]}
    </span>
  );
}
