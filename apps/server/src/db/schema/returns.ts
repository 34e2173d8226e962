import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { refunds } from './after-sale';
import { createdAt, id, updatedAt } from './columns';
import { orderItems, orders } from './orders';
import { users } from './users';

/** A return request's statuses; the moves are modules/returns/return-lifecycle.ts (and 0030's table). */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/**
 * A shopper's request to send delivered goods back (migration 0030): requested → approved | rejected;
 * approved → received (stock back) → refunded (the lines' apportioned amount, packages/shared
 * line-refunds.ts). A trigger refuses a move not in `return_status_transitions`.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    /** The admin's message to the shopper (why rejected, how to send the parcel). */
    adminNote: text('admin_note'),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    refundPaise: integer('refund_paise'),
    /** The shopper's one optional photo (a WebP storage key under `returns/`, served only to them and admins). */
    photoKey: text('photo_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_user_idx').on(t.userId, t.createdAt),
    index('return_requests_status_idx').on(t.status, t.createdAt),
    check(
      'return_requests_status_known',
      sql`${t.status} in ('requested', 'approved', 'rejected', 'received', 'refunded')`,
    ),
    check('return_requests_refunded', sql`(${t.status} = 'refunded') = (${t.refundPaise} is not null)`),
    check('return_requests_refund_not_negative', sql`${t.refundPaise} is null or ${t.refundPaise} >= 0`),
    check('return_requests_photo_key_stored', sql`${t.photoKey} is null or ${t.photoKey} like 'returns/%'`),
  ],
);

/** The units of one order line a request sends back, and why. */
export const returnRequestItems = pgTable(
  'return_request_items',
  {
    id: id(),
    returnRequestId: uuid('return_request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    /** This line's part of the refund, once refunded. */
    refundPaise: integer('refund_paise'),
  },
  (t) => [
    index('return_request_items_request_idx').on(t.returnRequestId),
    index('return_request_items_order_item_idx').on(t.orderItemId),
    check('return_request_items_quantity', sql`${t.quantity} >= 1`),
    check('return_request_items_reason', sql`char_length(${t.reason}) between 1 and 200`),
  ],
);

/** The allowed (from, to) moves of a return request: the trigger's table, equal to the lifecycle's. */
export const returnStatusTransitions = pgTable(
  'return_status_transitions',
  { fromStatus: text('from_status').notNull(), toStatus: text('to_status').notNull() },
  (t) => [primaryKey({ name: 'return_status_transitions_pk', columns: [t.fromStatus, t.toStatus] })],
);

/** One row per move of a return request (and its creation: no `from`). */
export const returnStatusHistory = pgTable(
  'return_status_history',
  {
    id: id(),
    returnRequestId: uuid('return_request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('return_status_history_request_idx').on(t.returnRequestId, t.createdAt),
    check('return_status_history_actor', sql`${t.actor} in ('shopper', 'admin', 'system')`),
  ],
);

/** Units of a paid, unshipped order cancelled line by line, with the refund they took. */
export const orderItemCancellations = pgTable(
  'order_item_cancellations',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    refundPaise: integer('refund_paise').notNull(),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_item_cancellations_order_idx').on(t.orderId),
    check('order_item_cancellations_quantity', sql`${t.quantity} >= 1`),
    check('order_item_cancellations_refund', sql`${t.refundPaise} >= 0`),
    check('order_item_cancellations_actor', sql`${t.actor} in ('shopper', 'admin')`),
  ],
);
