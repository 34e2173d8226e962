import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { productVariants } from './catalogue';
import { createdAt, id } from './columns';
import { users } from './users';

/** A back-in-stock alert's statuses; the moves are modules/stock-alerts/stock-alert-lifecycle.ts (and 0035's table). */
export const STOCK_ALERT_STATUSES = ['pending', 'active', 'sent', 'unsubscribed'] as const;
export type StockAlertStatus = (typeof STOCK_ALERT_STATUSES)[number];

/**
 * A request to be mailed once when a sold-out variant is restocked (migration 0035, decision 191):
 * a guest's starts pending until the signed link in its mail is followed, a signed-in shopper's is
 * active at once; the restock job moves an active one to sent with its mail in one transaction.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: id(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status', { enum: STOCK_ALERT_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_live_uq')
      .on(t.variantId, sql`lower(${t.email})`)
      .where(sql`${t.status} in ('pending', 'active')`),
    index('stock_alerts_active_idx').on(t.variantId).where(sql`${t.status} = 'active'`),
    index('stock_alerts_user_idx').on(t.userId).where(sql`${t.userId} IS NOT NULL`),
    check('stock_alerts_status', sql`${t.status} in ('pending', 'active', 'sent', 'unsubscribed')`),
    check('stock_alerts_sent_at', sql`${t.status} <> 'sent' OR ${t.sentAt} IS NOT NULL`),
    check(
      'stock_alerts_confirmed',
      sql`${t.status} NOT IN ('active', 'sent') OR ${t.confirmedAt} IS NOT NULL`,
    ),
    check(
      'stock_alerts_unsubscribed_at',
      sql`(${t.status} = 'unsubscribed') = (${t.unsubscribedAt} IS NOT NULL)`,
    ),
  ],
);

/** The moves a stock alert may make, as the trigger checks them (the lifecycle table's pairs). */
export const stockAlertStatusTransitions = pgTable(
  'stock_alert_status_transitions',
  { fromStatus: text('from_status').notNull(), toStatus: text('to_status').notNull() },
  (t) => [primaryKey({ name: 'stock_alert_status_transitions_pk', columns: [t.fromStatus, t.toStatus] })],
);
