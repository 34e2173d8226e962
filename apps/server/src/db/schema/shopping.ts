import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalogue';
import { createdAt, id, updatedAt } from './columns';
import { orders } from './orders';
import { users } from './users';

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    /** Stored upper-case; codes are matched case-insensitively. */
    code: text('code').notNull(),
    discount: integer('discount').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_uq').on(sql`upper(${t.code})`),
    check('coupons_discount_percent', sql`${t.discount} between 1 and 100`),
    check('coupons_usage_limit_positive', sql`${t.usageLimit} is null or ${t.usageLimit} >= 1`),
    // Two checkouts racing for the last use of a coupon cannot both count it.
    check(
      'coupons_used_within_limit',
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
);

export const carts = pgTable('carts', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    colour: text('colour').notNull().default(''),
    size: text('size').notNull().default(''),
    /** The variant the line sells (its colour and size; '' matches any); filled by a trigger when omitted. */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_line_uq').on(t.cartId, t.productId, t.colour, t.size),
    check('cart_items_quantity_range', sql`${t.quantity} between 1 and 99`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupon_redemptions_order_uq').on(t.orderId), index('cr_coupon_idx').on(t.couponId)],
);
