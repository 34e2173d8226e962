import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { orders, payments } from './orders';
import { users } from './users';

/** The carriers an admin picks from when shipping: a name and a tracking address with `{tracking}`. */
export const shippingCarriers = pgTable(
  'shipping_carriers',
  {
    id: id(),
    name: text('name').notNull(),
    /** https, with `{tracking}` where the tracking number goes. */
    trackingUrl: text('tracking_url').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shipping_carriers_name_uq').on(sql`lower(${t.name})`),
    check('shipping_carriers_name_length', sql`char_length(${t.name}) between 1 and 60`),
    check(
      'shipping_carriers_tracking_template',
      sql`${t.trackingUrl} like 'https://%' and strpos(${t.trackingUrl}, '{tracking}') > 0`,
    ),
  ],
);

/**
 * An order's parcel as the admin handed it over: carrier, tracking number, the tracking address worked
 * out when shipped (the carrier's template, or the free address of "Other") and the expected day.
 * An order becomes Shipped only with one (the lifecycle's guard and a trigger, 0024).
 */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    trackingUrl: text('tracking_url'),
    /** India's calendar day, YYYY-MM-DD. */
    expectedDelivery: date('expected_delivery', { mode: 'string' }).notNull(),
    shippedBy: uuid('shipped_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shipments_order_uq').on(t.orderId),
    check('shipments_tracking_url_https', sql`${t.trackingUrl} is null or ${t.trackingUrl} like 'https://%'`),
    check('shipments_tracking_number_length', sql`char_length(${t.trackingNumber}) between 1 and 60`),
  ],
);

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** Why money goes back: an admin's refund, a cancellation, a return, a late payment the order could not take. */
export const REFUND_KINDS = ['admin', 'cancellation', 'return', 'late_payment'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

/**
 * Money given back from one captured payment: pending until the provider confirms it (its reply or
 * the refund.processed webhook), then processed or failed (modules/payments/refund-lifecycle.ts).
 * A trigger (0025) locks the payment row and refuses a refund that would take the payment's refunds
 * (failed ones aside) past what it captured, on every process.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    reason: text('reason').notNull(),
    kind: text('kind', { enum: REFUND_KINDS }).notNull(),
    /** Sent to the provider (X-Refund-Idempotency): a retried refund pays once. */
    idempotencyKey: text('idempotency_key').notNull(),
    providerRefundId: text('provider_refund_id'),
    error: text('error'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** When a process last started asking the provider for it; another retries only after a while. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key_uq').on(t.idempotencyKey),
    uniqueIndex('refunds_provider_refund_uq').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    check('refunds_status_known', sql`${t.status} in ('pending', 'processed', 'failed')`),
    check('refunds_kind_known', sql`${t.kind} in ('admin', 'cancellation', 'return', 'late_payment')`),
    check('refunds_processed_at', sql`(${t.status} = 'processed') = (${t.processedAt} is not null)`),
  ],
);

export const refundStatusTransitions = pgTable(
  'refund_status_transitions',
  { fromStatus: text('from_status').notNull(), toStatus: text('to_status').notNull() },
  (t) => [primaryKey({ name: 'refund_status_transitions_pk', columns: [t.fromStatus, t.toStatus] })],
);
