import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { orders } from './orders';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The outbox of messages to shoppers (modules/notify): written in the transaction of what they are
 * about, delivered by whichever process claims a row (FOR UPDATE SKIP LOCKED), retried with backoff,
 * never sent twice (docs/decisions/167-messages-sent-at-most-once.md). Its status moves only as
 * `message_status_transitions` allows (a trigger, the same pairs as message-lifecycle.ts).
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: id(),
    channel: text('channel').notNull(),
    /** An email address, or an Indian mobile number in E.164 (+91 and 10 digits). */
    recipient: text('recipient').notNull(),
    purpose: text('purpose').notNull(),
    /** What goes out, rendered for its channel at enqueue: a mail's subject and text, a template and its parameters. */
    payload: jsonb('payload').notNull(),
    /** The message as its reader sees it, in plain text: what the admin's list shows. */
    body: text('body').notNull(),
    /** Values in payload and body that work as keys (a signed link): removed once the message is done with. */
    secrets: text('secrets').array(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The same key on the same channel is queued once (an order's "placed" message, say). */
    dedupeKey: text('dedupe_key'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When a queued message is due (its first attempt, or the next after a refusal). */
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** When the attempt under way was claimed (status sending). */
    sendingSince: at('sending_since'),
    /** Which service took it: whatsapp, log, smtp or outbox. */
    provider: text('provider'),
    /** The provider's id of the message (WhatsApp's wamid), as its status webhooks name it. */
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: at('sent_at'),
    deliveredAt: at('delivered_at'),
  },
  (t) => [
    index('message_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('message_outbox_sending_idx').on(t.sendingSince).where(sql`${t.status} = 'sending'`),
    index('message_outbox_created_idx').on(t.createdAt),
    index('message_outbox_order_idx').on(t.orderId),
    uniqueIndex('message_outbox_dedupe_key').on(t.channel, t.dedupeKey),
    uniqueIndex('message_outbox_provider_message').on(t.channel, t.providerMessageId),
    check('message_outbox_channel', sql`${t.channel} in ('email', 'whatsapp')`),
    check(
      'message_outbox_status',
      sql`${t.status} in ('queued', 'sending', 'sent', 'delivered', 'failed', 'unknown')`,
    ),
    check('message_outbox_attempts', sql`${t.attempts} >= 0`),
    check('message_outbox_sending_since', sql`(${t.status} = 'sending') = (${t.sendingSince} is not null)`),
    check(
      'message_outbox_sent_has_id',
      sql`${t.status} not in ('sent', 'delivered') or ${t.providerMessageId} is not null`,
    ),
  ],
);

/** The status moves a message may make (message-lifecycle.ts; its test compares the two). */
export const messageStatusTransitions = pgTable(
  'message_status_transitions',
  {
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromStatus, t.toStatus] })],
);
