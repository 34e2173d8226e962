import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/** A single row (id 1) holding what the admin's Shop Settings form edits. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull().default('Bazaar'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    primaryColor: text('primary_color').notNull().default('#2563eb'),
    logo: text('logo'),
    returnPolicy: text('return_policy'),
    shippingPolicy: text('shipping_policy'),
    privacyPolicy: text('privacy_policy'),
    googleAnalyticsId: text('google_analytics_id'),
    /** Delivery charged below the free-delivery threshold (the cart's pricing rule reads both). */
    shippingFeePaise: integer('shipping_fee_paise').notNull().default(5000),
    /** The amount after discounts from which delivery is free; ₹140 is what the home page promises. */
    freeShippingThresholdPaise: integer('free_shipping_threshold_paise').notNull().default(14000),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id} = 1`),
    check(
      'shop_settings_delivery_figures',
      sql`${t.shippingFeePaise} >= 0 and ${t.freeShippingThresholdPaise} >= 0`,
    ),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name'),
  email: text('email'),
  subject: text('subject'),
  orderNumber: text('order_number'),
  message: text('message').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: id(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_email_lower_uq').on(sql`lower(${t.email})`)],
);
