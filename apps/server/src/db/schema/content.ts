import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/** A single row (id 1) holding what the admin's Shop Settings form edits. */
export const shopSettings = pgTable('shop_settings', {
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
  updatedAt: updatedAt(),
});

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
