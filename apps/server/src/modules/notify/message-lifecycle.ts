import type { MessageStatus } from '@bazaar/shared/schemas/messages';

/** Who moves a message: the delivery job (its attempt and what the provider answered) or a status webhook. */
export type MessageActor = 'job' | 'webhook';

export interface MessageTransition {
  from: MessageStatus;
  to: MessageStatus;
  means: string;
  by: readonly MessageActor[];
}

/**
 * Every move a message may make; the database's trigger refuses any other (the same pairs:
 * message-lifecycle.test.ts compares them). The rule they keep: a message leaves `sending` for
 * `queued` (another attempt) only when the provider answered that it did not take it. No answer
 * makes it `unknown`, and nothing moves an unknown message back to `queued` or `sending`, so no
 * message the provider may have taken is ever sent again (docs/decisions/167-messages-sent-at-most-once.md).
 */
export const MESSAGE_TRANSITIONS: readonly MessageTransition[] = [
  {
    from: 'queued',
    to: 'sending',
    means: 'claimed for an attempt; committed before the provider is called',
    by: ['job'],
  },
  {
    from: 'sending',
    to: 'sent',
    means: 'the provider took it and named it',
    by: ['job', 'webhook'],
  },
  {
    from: 'sending',
    to: 'queued',
    means:
      'the provider answered that it did not take it for now (an outage, a rate limit), or could not be reached: tried again later',
    by: ['job'],
  },
  {
    from: 'sending',
    to: 'failed',
    means: 'the provider refused it for good, or its last attempt was refused',
    by: ['job', 'webhook'],
  },
  {
    from: 'sending',
    to: 'unknown',
    means:
      'the attempt got no answer (timed out after the request went, or its process stopped): it may have gone out',
    by: ['job'],
  },
  {
    from: 'sending',
    to: 'delivered',
    means: "the provider's delivery report arrived before the attempt recorded its answer",
    by: ['webhook'],
  },
  { from: 'sent', to: 'delivered', means: "the provider's delivery report", by: ['webhook'] },
  { from: 'sent', to: 'failed', means: 'the provider reports it could not deliver it', by: ['webhook'] },
  {
    from: 'unknown',
    to: 'sent',
    means: 'the lost answer arrived late, or a status report shows it went out',
    by: ['job', 'webhook'],
  },
  { from: 'unknown', to: 'delivered', means: 'a delivery report shows it went out', by: ['webhook'] },
  {
    from: 'unknown',
    to: 'failed',
    means: 'a status report shows it went out and was not delivered',
    by: ['webhook'],
  },
  // A provider that answered with an error and still took the message: its report stops the retry.
  {
    from: 'queued',
    to: 'sent',
    means: 'a status report shows an attempt refused was taken after all',
    by: ['webhook'],
  },
  {
    from: 'queued',
    to: 'delivered',
    means: 'a delivery report shows an attempt refused was taken after all',
    by: ['webhook'],
  },
  {
    from: 'queued',
    to: 'failed',
    means: 'a status report shows an attempt refused was taken, and not delivered',
    by: ['webhook'],
  },
];

/** The statuses a message may move to `to` from, by `actor`. */
export function movableFrom(to: MessageStatus, actor: MessageActor): MessageStatus[] {
  return MESSAGE_TRANSITIONS.filter((t) => t.to === to && t.by.includes(actor)).map((t) => t.from);
}
