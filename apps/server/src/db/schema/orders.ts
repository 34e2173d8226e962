import { ORDER_STATUSES } from '@bazaar/shared/constants';
import type { OrderPricing } from '@bazaar/shared/gst';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalogue';
import { createdAt, id, updatedAt } from './columns';
import { coupons } from './shopping';
import { users } from './users';

export interface ShippingAddress {
  street: string;
  city: string;
  state?: string;
  apartment?: string;
  building?: string;
  floor?: string;
  landmark?: string;
  country: string;
  pinCode: string;
  /** The GST state code (place of supply); absent on orders placed before the address book. */
  stateCode?: string;
  recipientName?: string;
  recipientPhone?: string;
}

/** `voided`: a payment an admin recorded by hand and then took back (kept for the records). */
export const PAYMENT_STATUSES = [
  'created',
  'captured',
  'failed',
  'refund_due',
  'refunded',
  'voided',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The statuses as a PostgreSQL enum; the allowed moves are modules/orders/order-lifecycle.ts. */
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: orderStatus('status').notNull().default('Pending'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** How it was paid (the captured payment's method, or manual), set when it is paid. */
    paidWith: text('paid_with'),
    subtotalPaise: integer('subtotal_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    couponCode: text('coupon_code'),
    couponDiscount: integer('coupon_discount').notNull().default(0),
    /**
     * The coupon whose use this order holds: counted in `coupons.used_count` from the order's creation,
     * given back once if it ends unpaid or is cancelled before shipping.
     */
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    shippingPaise: integer('shipping_paise').notNull().default(0),
    /** The cash-on-delivery fee `shippingPaise` includes; 0 for an order paid online. */
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    taxPaise: integer('tax_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    /**
     * The order as it was priced when placed (packages/shared gst/price-order.ts): tax mode, place of
     * supply and every invoice line with its taxes. The invoice prints it; a later change of the tax
     * mode or of a product's rate never touches it. Null for orders placed before it was kept.
     */
    pricing: jsonb('pricing').$type<OrderPricing>(),
    /** A business buyer's GSTIN and registered name (a B2B invoice); null for a consumer. */
    buyerGstin: text('buyer_gstin'),
    buyerLegalName: text('buyer_legal_name'),
    /** When the payment was captured; set exactly when the status says the order was paid. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the parcel was delivered; set exactly when the status says it was. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    trackingNumber: text('tracking_number'),
    /** Unpaid orders release their reserved stock after this moment. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the shopper deleted this unpaid order: gone from their list, kept for the shop's books. */
    shopperDeletedAt: timestamp('shopper_deleted_at', { withTimezone: true }),
    /**
     * Placed while payments were simulated (the sandbox): no money can have moved, so it is shown as
     * a test order and never counted as revenue.
     */
    isTest: boolean('is_test').notNull().default(false),
    /**
     * When a process last started asking the provider about this expired, unpaid order before
     * cancelling it: other processes leave it alone for a while, and take over if that one died.
     */
    expiryClaimedAt: timestamp('expiry_claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status),
    index('orders_created_at_idx').on(t.createdAt),
    // The expiry job's search: unpaid orders by when they expire.
    index('orders_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'Pending'`),
    // The COD auto-cancel job's search: orders awaiting confirmation by their deadline.
    index('orders_cod_confirm_idx').on(t.expiresAt).where(sql`${t.status} = 'Awaiting confirmation'`),
    // Paid and delivered are facts with a time, and the status must agree with them.
    // Cancelled may or may not have been paid; Returned and Refunded may or may not have been delivered;
    // Partly returned was delivered (and paid) first.
    // A cash-on-delivery order is Processing and Shipped unpaid, and Delivered only with its cash.
    check(
      'orders_paid_matches_status',
      sql`case when ${t.status} in ('Pending', 'Awaiting confirmation', 'Returned to origin') then ${t.paidAt} is null when ${t.status} = 'Cancelled' then true when ${t.status} in ('Processing', 'Shipped') then ${t.paidAt} is not null or ${t.paymentMethod} = 'cod' else ${t.paidAt} is not null end`,
    ),
    check(
      'orders_cod_awaits_confirmation',
      sql`${t.status} <> 'Awaiting confirmation' or ${t.paymentMethod} = 'cod'`,
    ),
    check(
      'orders_cod_fee_not_negative',
      sql`${t.codFeePaise} >= 0 and ${t.codFeePaise} <= ${t.shippingPaise}`,
    ),
    check(
      'orders_delivered_matches_status',
      sql`case when ${t.status} in ('Delivered', 'Partly returned', 'Completed') then ${t.deliveredAt} is not null when ${t.status} in ('Returned', 'Refunded') then true else ${t.deliveredAt} is null end`,
    ),
    check(
      'orders_amounts_not_negative',
      sql`${t.subtotalPaise} >= 0 and ${t.discountPaise} >= 0 and ${t.shippingPaise} >= 0 and ${t.taxPaise} >= 0 and ${t.totalPaise} >= 0`,
    ),
    check('orders_coupon_discount_percent', sql`${t.couponDiscount} between 0 and 100`),
  ],
);

/**
 * The allowed (from, to) status moves, filled by the migration from the same
 * table as modules/orders/order-lifecycle.ts (a test keeps the two equal). A
 * trigger on orders refuses any other move: the last line of defence.
 */
export const orderStatusTransitions = pgTable(
  'order_status_transitions',
  {
    fromStatus: orderStatus('from_status').notNull(),
    toStatus: orderStatus('to_status').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromStatus, t.toStatus] })],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    image: text('image'),
    quantity: integer('quantity').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    discount: integer('discount').notNull().default(0),
    colour: text('colour'),
    size: text('size'),
    /**
     * Units given back before shipping, and units returned and received (migration 0030): their stock
     * is back on the shelf, so restocking the order's rest leaves them out.
     */
    cancelledQuantity: integer('cancelled_quantity').notNull().default(0),
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    /** The variant sold and its SKU then (kept when the variant goes); filled by a trigger when omitted. */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    sku: text('sku'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check(
      'order_items_given_back',
      sql`${t.cancelledQuantity} >= 0 and ${t.returnedQuantity} >= 0 and ${t.cancelledQuantity} + ${t.returnedQuantity} <= ${t.quantity}`,
    ),
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
    check('order_items_price_not_negative', sql`${t.unitPricePaise} >= 0`),
    check('order_items_discount_percent', sql`${t.discount} between 0 and 100`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null on the row that records the order's creation. */
    fromStatus: orderStatus('from_status'),
    toStatus: orderStatus('to_status').notNull(),
    /** Who moved it: a shopper, an admin, or the shop itself (payment callbacks, expiry jobs). */
    actor: text('actor').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('osh_order_idx').on(t.orderId, t.createdAt),
    check('osh_actor_kind', sql`${t.actor} in ('shopper', 'admin', 'system')`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amountPaise: integer('amount_paise').notNull(),
    /**
     * created → captured | failed (a failed attempt may be followed by one that is captured);
     * captured → refund_due (the order could not be honoured) → refunded. Only a captured payment pays
     * an order.
     */
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('created'),
    email: text('email'),
    /** How the captured payment was made, in the provider's words (card, upi, netbanking, …). */
    method: text('method'),
    /** Why the last attempt failed, in the provider's words. */
    errorDescription: text('error_description'),
    /** The provider's refund, once the money went back. */
    providerRefundId: text('provider_refund_id'),
    /** When a process last started this refund: another retries it only after a while. */
    refundClaimedAt: timestamp('refund_claimed_at', { withTimezone: true }),
    /**
     * When the provider is next asked whether this open provider order was paid behind the shop's
     * back (a webhook lost or never configured); null once there is nothing more to ask.
     */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    raw: jsonb('raw'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_order_uq').on(t.provider, t.providerOrderId),
    index('payments_order_idx').on(t.orderId),
    check('payments_amount_not_negative', sql`${t.amountPaise} >= 0`),
    check(
      'payments_status_known',
      sql`${t.status} in ('created', 'captured', 'failed', 'refund_due', 'refunded', 'voided')`,
    ),
    // A captured payment names the provider's payment; a refunded one also its refund.
    check(
      'payments_captured_has_payment_id',
      sql`${t.status} not in ('captured', 'refund_due', 'refunded') or ${t.providerPaymentId} is not null`,
    ),
    // The refund retries find what is still owed.
    index('payments_refund_due_idx').on(t.id).where(sql`${t.status} = 'refund_due'`),
    // The reconciliation finds the open provider orders due to be asked about.
    index('payments_next_check_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} in ('created', 'failed') and ${t.nextCheckAt} is not null`),
  ],
);

/**
 * What unpaid orders hold and who placed them: one row per product (a variant, once stock moves to
 * variants) and per coupon with a usage limit, with the order's deadline and its holder (account,
 * device, network). It bounds how much one shopper can keep off sale: a row counts against its
 * holder until its deadline, even after its order was deleted (`released_at`), and units placed again
 * within that deadline take the row over (`reused`) and keep its deadline. A paid order's rows are
 * deleted; rows whose deadline passed are pruned by the expiry job.
 */
export const unpaidHolds = pgTable(
  'unpaid_holds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    /** For units: the variant held (its product in product_id). */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The browser's signed device id (lib/device-id.ts); null when the order came without one. */
    deviceKey: text('device_key'),
    /** A keyed hash of the client's network (an IPv4 address, an IPv6 /64), never the address itself. */
    addressKey: text('address_key'),
    quantity: integer('quantity').notNull(),
    /** Units a later order of the same holder placed again within the deadline: they count there now. */
    reused: integer('reused').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the order ended unpaid (deleted, cancelled, expired): its stock is back on the shelf. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** False when an admin released the hold: its units still count until the deadline, but cannot be placed again. */
    reusable: boolean('reusable').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('unpaid_holds_order_idx').on(t.orderId),
    index('unpaid_holds_product_idx').on(t.productId, t.expiresAt),
    index('unpaid_holds_variant_idx').on(t.variantId, t.expiresAt),
    index('unpaid_holds_coupon_idx').on(t.couponId, t.expiresAt),
    check('unpaid_holds_one_thing', sql`(${t.productId} is null) <> (${t.couponId} is null)`),
    check('unpaid_holds_quantity', sql`${t.quantity} >= 1 and ${t.reused} between 0 and ${t.quantity}`),
  ],
);

/**
 * A payment link sent for an unpaid order (Razorpay Payment Links): its provider id and page. Paid,
 * its payment is recorded in `payments` (the link's provider order) and settles the order.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    linkId: text('link_id').notNull(),
    shortUrl: text('short_url').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: ['created', 'paid', 'cancelled'] })
      .notNull()
      .default('created'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_links_link_uq').on(t.provider, t.linkId),
    index('payment_links_order_idx').on(t.orderId),
    check('payment_links_status_known', sql`${t.status} in ('created', 'paid', 'cancelled')`),
    check('payment_links_amount_positive', sql`${t.amountPaise} >= 1`),
  ],
);
