import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { coupons } from './shopping';
import { users } from './users';

/** A single row (id 1) holding what the admin's Shop Settings form edits. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull().default('Bazaar'),
    email: text('email'),
    phone: text('phone'),
    /** The contact page's second lines (the spec shows two phones and two emails). */
    secondEmail: text('second_email'),
    secondPhone: text('second_phone'),
    address: text('address'),
    primaryColor: text('primary_color').notNull().default('#2563eb'),
    logo: text('logo'),
    returnPolicy: text('return_policy'),
    shippingPolicy: text('shipping_policy'),
    privacyPolicy: text('privacy_policy'),
    googleAnalyticsId: text('google_analytics_id'),
    /** How long an unpaid order holds its stock and coupon; null: the server's ORDER_PAYMENT_WINDOW_MINUTES. */
    holdWindowMinutes: integer('hold_window_minutes'),
    /** One shopper may hold the larger of this many units of a product and `hold_limit_percent` of its stock. */
    holdLimitUnits: integer('hold_limit_units').notNull().default(5),
    holdLimitPercent: integer('hold_limit_percent').notNull().default(10),
    /** Shoppers on one network (address) may hold together this many times one shopper's limit. */
    holdAddressMultiple: integer('hold_address_multiple').notNull().default(4),
    /** The contact page's social links, each an https address on its network; null: not shown. */
    facebookUrl: text('facebook_url'),
    instagramUrl: text('instagram_url'),
    xUrl: text('x_url'),
    youtubeUrl: text('youtube_url'),
    /** 'flat': the spec's tax line added at checkout; 'gst': prices include GST, split by place of supply. */
    taxMode: text('tax_mode').$type<'flat' | 'gst'>().notNull().default('flat'),
    /** The shop's GSTIN and its state (the GSTIN's first two digits); required in GST mode. */
    gstin: text('gstin'),
    gstStateCode: text('gst_state_code'),
    /** Days after delivery within which a shopper may ask to return items (the product page says it). */
    returnWindowDays: integer('return_window_days').notNull().default(3),
    /** Open cash-on-delivery orders one account may have at once (modules/orders/cod-checkout.ts). */
    codMaxOpenOrders: integer('cod_max_open_orders').notNull().default(2),
    /** COD is refused to an account with this many parcels Returned to origin; 0: never refused so. */
    codRefuseAfterRto: integer('cod_refuse_after_rto').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id} = 1`),
    check(
      'shop_settings_hold_limits',
      sql`(${t.holdWindowMinutes} is null or ${t.holdWindowMinutes} between 5 and 10080) and ${t.holdLimitUnits} between 1 and 100000 and ${t.holdLimitPercent} between 0 and 100 and ${t.holdAddressMultiple} between 1 and 1000`,
    ),
    // The links land in pages' href: nothing but https, whatever wrote the row.
    check(
      'shop_settings_social_links_https',
      sql`coalesce(${t.facebookUrl}, 'https://') like 'https://%' and coalesce(${t.instagramUrl}, 'https://') like 'https://%' and coalesce(${t.xUrl}, 'https://') like 'https://%' and coalesce(${t.youtubeUrl}, 'https://') like 'https://%'`,
    ),
    check('shop_settings_return_window', sql`${t.returnWindowDays} between 0 and 90`),
    check(
      'shop_settings_cod_limits',
      sql`${t.codMaxOpenOrders} between 1 and 100 and ${t.codRefuseAfterRto} between 0 and 100`,
    ),
  ],
);

/**
 * Messages from the contact page and the profile area's form, read by admins in their inbox.
 * Name and email are the sender's as typed, or their account's when they sent only a message.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** One of CONTACT_SUBJECTS; null for the profile form, which has no subject. */
    subject: text('subject'),
    orderNumber: text('order_number'),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt, t.id),
    index('contact_messages_unread_idx').on(t.createdAt, t.id).where(sql`${t.readAt} is null`),
    check(
      'contact_messages_subject',
      sql`${t.subject} is null or ${t.subject} in ('order', 'product', 'shipping', 'return', 'technical', 'other')`,
    ),
    check(
      'contact_messages_lengths',
      sql`char_length(${t.name}) between 1 and 50 and char_length(${t.email}) between 3 and 254 and char_length(${t.message}) between 1 and 2000 and (${t.orderNumber} is null or char_length(${t.orderNumber}) <= 40)`,
    ),
  ],
);

/**
 * One row per address, whatever its case. Unsubscribing keeps the row (with `unsubscribed_at`) so a
 * returning subscriber gets back the welcome code they were given rather than a new one.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: id(),
    email: text('email').notNull(),
    /** The single-use welcome coupon (10% off) mailed to this address. */
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_email_lower_uq').on(sql`lower(${t.email})`),
    index('newsletter_created_idx').on(t.createdAt, t.id),
  ],
);
