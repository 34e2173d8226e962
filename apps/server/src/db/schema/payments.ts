import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Every webhook event the payment provider sent, by its event id: a redelivered event finds its id
 * here and changes nothing twice. Written in the same transaction as what the event did.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    eventId: text('event_id').primaryKey(),
    provider: text('provider').notNull(),
    event: text('event').notNull(),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    /** What the shop did with it: applied, ignored, or why not. */
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index('payment_events_order_idx').on(t.providerOrderId)],
);

/**
 * The payment sandbox's own books: it stands in for Razorpay, whose records live at Razorpay. Kept in
 * the shop's database so every server process sees the same orders and payments.
 */
export const sandboxOrders = pgTable(
  'sandbox_orders',
  {
    id: text('id').primaryKey(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    receipt: text('receipt').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('sandbox_orders_amount_positive', sql`${t.amountPaise} > 0`)],
);

export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => sandboxOrders.id, { onDelete: 'cascade' }),
    amountPaise: integer('amount_paise').notNull(),
    /** captured | failed | refunded, as Razorpay reports them. */
    status: text('status').notNull(),
    /** card | upi | netbanking, and what identifies it: the card's last four, the UPI address, the bank. */
    method: text('method').notNull().default('card'),
    cardLast4: text('card_last4'),
    vpa: text('vpa'),
    bank: text('bank'),
    email: text('email'),
    errorDescription: text('error_description'),
    refundId: text('refund_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_payments_order_idx').on(t.orderId),
    check('sandbox_payments_status', sql`${t.status} in ('captured', 'failed', 'refunded')`),
    check(
      'sandbox_payments_method',
      sql`${t.method} = 'card' and ${t.cardLast4} is not null or ${t.method} = 'upi' and ${t.vpa} is not null or ${t.method} = 'netbanking' and ${t.bank} is not null`,
    ),
  ],
);

/**
 * The sandbox's webhooks, an outbox: written in the transaction that takes the payment, delivered by
 * whichever process claims one (FOR UPDATE SKIP LOCKED) until the shop acknowledges it, with
 * Razorpay's backoff, so a process that dies before or while sending loses none.
 */
export const sandboxWebhooks = pgTable(
  'sandbox_webhooks',
  {
    /** Also the order the events of one payment are sent in. */
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The event id sent as X-Razorpay-Event-Id: the same on every attempt, so the shop applies it once. */
    eventId: text('event_id').notNull().unique(),
    event: text('event').notNull(),
    /** The exact JSON sent (and signed) on every attempt. */
    body: text('body').notNull(),
    /** pending (until acknowledged) → delivered, or failed once retries ran out. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due; a claim moves it on first, so a dying sender's attempt is retried then. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sandbox_webhooks_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('sandbox_webhooks_status', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    check('sandbox_webhooks_attempts', sql`${t.attempts} >= 0`),
  ],
);

/** The sandbox's refunds of its payments (partial ones too), each once per idempotency key. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => sandboxPayments.id, { onDelete: 'cascade' }),
    amountPaise: integer('amount_paise').notNull(),
    idempotencyKey: text('idempotency_key'),
    notes: jsonb('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_refunds_idempotency_uq').on(t.idempotencyKey),
    check('sandbox_refunds_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);
