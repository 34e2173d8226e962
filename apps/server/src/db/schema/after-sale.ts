import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { orders } from './orders';
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
