import { z } from 'zod';
import { ADMIN_SEARCH_MAX, ORDER_STATUSES, type OrderStatus } from '../constants';
import { orderStatusSchema } from '../order-status';
import { isoDate, text } from './common';
import { shipmentSchema } from './shipments';

// The admin's orders: the list, one order in full, and the three writes (payment, status, delete).

/**
 * The list's order: the spec's ranks (Pending 1, Shipped 2, Delivered 3, Returned 4, Refunded 5,
 * Completed 6, Cancelled 7). Processing, which the spec does not have, is a paid order waiting to
 * ship: the next thing to act on after Pending, so it ranks between Pending and Shipped.
 */
export const ORDER_STATUS_RANK: Record<OrderStatus, number> = {
  Pending: 1,
  // A cash-on-delivery order the shopper has not confirmed yet: the shop may call them.
  'Awaiting confirmation': 2,
  Processing: 3,
  Shipped: 4,
  Delivered: 5,
  // Some units came back: the rest may still come (decision 221), so it ranks beside Delivered.
  'Partly returned': 6,
  Returned: 7,
  'Returned to origin': 8,
  Refunded: 9,
  Completed: 10,
  Cancelled: 11,
};

export const ADMIN_ORDER_PAGE_SIZE = { default: 20, max: 100 } as const;

const search = z
  .string()
  .trim()
  .max(ADMIN_SEARCH_MAX, `Search must be at most ${ADMIN_SEARCH_MAX} characters`);

/** GET /orders/all and the CSV export: `search` matches the spec's fields; `status` keeps one status. */
export const adminOrderFilterSchema = z
  .object({ search: search.optional(), status: orderStatusSchema.optional() })
  .strict();
export type AdminOrderFilter = z.output<typeof adminOrderFilterSchema>;

export const adminOrderListQuerySchema = adminOrderFilterSchema
  .extend({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(ADMIN_ORDER_PAGE_SIZE.max)
      .default(ADMIN_ORDER_PAGE_SIZE.default),
  })
  .strict();
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;
export type AdminOrderListParams = z.output<typeof adminOrderListQuerySchema>;

/** Who placed an order: the account as it is now, or, once the account is deleted, the order's own copy. */
export const orderCustomerSchema = z.object({
  /** Null when the account was deleted (the order keeps its own name and email). */
  _id: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  /** URL of the account's picture, or null for the default avatar. */
  profileImage: z.string().nullable(),
});
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;

/** One row of the admin's order list (and the dashboard's recent orders). */
export const adminOrderSummarySchema = z
  .object({
    _id: z.string(),
    user: orderCustomerSchema,
    status: orderStatusSchema,
    /** Rupees. */
    totalPrice: z.number(),
    isPaid: z.boolean(),
    paidAt: isoDate.nullable(),
    /** How it was paid, in Razorpay's words (card, upi, netbanking, …; manual when the admin recorded it). */
    paidWith: z.string().nullable(),
    isDelivered: z.boolean(),
    deliveredAt: isoDate.nullable(),
    paymentMethod: z.string(),
    /** Placed while payments were simulated (the sandbox): no money moved, and it is not revenue. */
    isTest: z.boolean(),
    itemCount: z.number().int(),
    createdAt: isoDate,
    /** The statuses an admin may move this order to now (the lifecycle table's answer). */
    nextStatuses: z.array(orderStatusSchema),
  })
  .meta({ id: 'AdminOrderSummary' });
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrderCountsSchema = z.object({
  /** Every order the shop has. */
  total: z.number().int(),
  /** Orders awaiting payment (status Pending). */
  pending: z.number().int(),
  /** Orders placed since midnight, shop time (India). */
  today: z.number().int(),
});
export type AdminOrderCounts = z.infer<typeof adminOrderCountsSchema>;

/** GET /orders/all: a page of the matching orders, status rank first then newest, and the shop-wide counts. */
export const adminOrderListSchema = z
  .object({
    orders: z.array(adminOrderSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
    counts: adminOrderCountsSchema,
  })
  .meta({ id: 'AdminOrderList' });
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

export const orderItemReplySchema = z.object({
  _id: z.string(),
  /** Null when the product was deleted since (the item keeps its name, picture and price). */
  productId: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  qty: z.number().int(),
  /** Units of `qty` cancelled, and returned (received), since it was bought. */
  cancelledQty: z.number().int(),
  returnedQty: z.number().int(),
  /** Rupees per unit, before the product discount. */
  price: z.number(),
  /** Percent. */
  discount: z.number().int(),
  colour: z.string().nullable(),
  size: z.string().nullable(),
});
export type OrderItemReply = z.infer<typeof orderItemReplySchema>;

export const orderAddressReplySchema = z.object({
  street: z.string(),
  apartment: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  country: z.string(),
  pincode: z.string(),
  landmark: z.string().nullable(),
});

export const orderPaymentRecordSchema = z.object({
  provider: z.string(),
  status: z.string(),
  /** Rupees. */
  amount: z.number(),
  paymentId: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: isoDate,
});

export const orderStatusChangeSchema = z.object({
  from: orderStatusSchema.nullable(),
  to: orderStatusSchema,
  /** shopper, admin or system (the shop itself: payment callbacks, expiry). */
  actor: z.enum(['shopper', 'admin', 'system']),
  /** The account that made the change, when a person did and the account still exists. */
  by: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  note: z.string().nullable(),
  at: isoDate,
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** GET /orders/order/{id}: the order with its items, address, payment, delivery and status history. */
export const adminOrderSchema = adminOrderSummarySchema
  .extend({
    phone: z.string(),
    shippingAddress: orderAddressReplySchema,
    orderItems: z.array(orderItemReplySchema),
    /** Rupees: items after product discounts, the coupon's share, delivery, tax. */
    subtotal: z.number(),
    discount: z.number(),
    couponCode: z.string().nullable(),
    shipping: z.number(),
    tax: z.number(),
    trackingNumber: z.string().nullable(),
    shipment: shipmentSchema.nullable(),
    payment: z.object({
      method: z.string(),
      /** The payer's email from the payment provider, when it gave one. */
      email: z.string().nullable(),
      payments: z.array(orderPaymentRecordSchema),
    }),
    statusHistory: z.array(orderStatusChangeSchema),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const PAYMENT_STATUSES = ['Paid', 'Unpaid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** PUT /orders/mark-paid/{id}. */
export const markPaidBodySchema = z
  .object({
    paymentStatus: z.enum(PAYMENT_STATUSES, { error: "paymentStatus must be 'Paid' or 'Unpaid'" }),
  })
  .strict();
export type MarkPaidBody = z.input<typeof markPaidBodySchema>;

export const ORDER_NOTE_MAX = 200;

/** PUT /orders/status/{id}: one of the eight statuses, and an optional note kept in the status history. */
export const orderStatusBodySchema = z
  .object({
    orderStatus: z.enum(ORDER_STATUSES, { error: `orderStatus must be one of ${ORDER_STATUSES.join(', ')}` }),
    note: text().trim().max(ORDER_NOTE_MAX, `Note must be at most ${ORDER_NOTE_MAX} characters`).optional(),
  })
  .strict();
export type OrderStatusBody = z.input<typeof orderStatusBodySchema>;

export const adminOrderWriteReplySchema = z.object({ message: z.string(), order: adminOrderSchema });
export type AdminOrderWriteReply = z.infer<typeof adminOrderWriteReplySchema>;

/**
 * The statuses an unpaid order may be sent a payment link in: a paid link settles only these. A
 * confirmed COD order (Processing) may still be prepaid before it ships; once shipped, the courier
 * collects the cash.
 */
export const PAYMENT_LINK_STATUSES: readonly OrderStatus[] = [
  'Pending',
  'Awaiting confirmation',
  'Processing',
];

/** Whether a payment link would settle this order: unpaid, and awaiting payment or an unshipped COD. */
export function takesPaymentLink(order: {
  isPaid: boolean;
  status: OrderStatus;
  paymentMethod: string;
}): boolean {
  if (order.isPaid || !PAYMENT_LINK_STATUSES.includes(order.status)) return false;
  return order.status !== 'Processing' || order.paymentMethod === 'cod';
}

/**
 * POST /admin/orders/{id}/payment-link: what was sent to the shopper. `via` is `payment_link` for a
 * provider's link (Razorpay Payment Links), `order_page` where the provider has none (the sandbox):
 * the shopper's order page, where the payment window opens.
 */
export const adminPaymentLinkReplySchema = z
  .object({
    message: z.string(),
    url: z.string(),
    via: z.enum(['payment_link', 'order_page']),
    order: adminOrderSchema,
  })
  .meta({ id: 'AdminPaymentLinkReply' });
export type AdminPaymentLinkReply = z.infer<typeof adminPaymentLinkReplySchema>;
