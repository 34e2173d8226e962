import { z } from 'zod';
import { idSchema, isoDate, text } from './common';

// Returns of delivered goods and cancellations of some lines before shipping (issue 24 points 3-4).

export const RETURN_REQUEST_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnRequestStatus = (typeof RETURN_REQUEST_STATUSES)[number];

const reason = text().trim().min(1, 'Tell us why').max(200, 'Reason must be at most 200 characters');
const quantity = z
  .number({ error: 'quantity must be a whole number' })
  .int('quantity must be a whole number')
  .min(1, 'quantity must be at least 1')
  .max(1000, 'quantity is too large');

/** POST /orders/{id}/returns: units of delivered lines to send back, each with its reason. */
export const createReturnBodySchema = z
  .object({
    items: z
      .array(z.object({ orderItemId: idSchema, quantity, reason }).strict())
      .min(1, 'Choose at least one item to return')
      .max(50),
  })
  .strict();
export type CreateReturnBody = z.input<typeof createReturnBodySchema>;

/** POST /orders/{id}/cancel-items (and the admin's): units of lines of a paid, unshipped order. */
export const cancelItemsBodySchema = z
  .object({
    items: z
      .array(z.object({ orderItemId: idSchema, quantity }).strict())
      .min(1, 'Choose at least one item to cancel')
      .max(50),
    reason,
  })
  .strict();
export type CancelItemsBody = z.input<typeof cancelItemsBodySchema>;

/** The admin's approval (an optional message, e.g. how to send the parcel) or rejection (its reason). */
export const approveReturnBodySchema = z
  .object({ message: text().trim().max(500, 'Message must be at most 500 characters').optional() })
  .strict();
export const rejectReturnBodySchema = z
  .object({
    message: text()
      .trim()
      .min(1, 'Tell the shopper why the return is rejected')
      .max(500, 'Message must be at most 500 characters'),
  })
  .strict();
export type RejectReturnBody = z.input<typeof rejectReturnBodySchema>;

export const returnRequestSchema = z
  .object({
    _id: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    status: z.enum(RETURN_REQUEST_STATUSES),
    items: z.array(
      z.object({
        orderItemId: z.string(),
        name: z.string(),
        colour: z.string().nullable(),
        size: z.string().nullable(),
        quantity: z.number().int(),
        reason: z.string(),
        /** Rupees, once refunded. */
        refund: z.number().nullable(),
      }),
    ),
    /** The shop's message (why rejected, how to send it). */
    adminNote: z.string().nullable(),
    /** Rupees, once refunded. */
    refund: z.number().nullable(),
    /** The refund's own status once it went out (pending until the provider confirms). */
    refundStatus: z.enum(['pending', 'processed', 'failed']).nullable(),
    history: z.array(
      z.object({ status: z.enum(RETURN_REQUEST_STATUSES), at: isoDate, note: z.string().nullable() }),
    ),
    createdAt: isoDate,
    /** Admin lists only. */
    customer: z.object({ name: z.string(), email: z.string() }).optional(),
    /** Whether the shopper attached a photo (read it from the request's `photo` path, signed in). */
    hasPhoto: z.boolean(),
  })
  .meta({ id: 'ReturnRequest' });
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

export const returnRequestsReplySchema = z
  .object({ returns: z.array(returnRequestSchema) })
  .meta({ id: 'ReturnRequests' });
export type ReturnRequestsReply = z.infer<typeof returnRequestsReplySchema>;

/** GET /admin/returns: one status or all, newest first. */
export const adminReturnsQuerySchema = z
  .object({
    status: z.enum(RETURN_REQUEST_STATUSES).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();

/** Return requests per page of the admin's all-returns list. */
export const ADMIN_RETURNS_PAGE_SIZE = 20;

/** GET /admin/returns: a page of every order's return requests, newest first. */
export const adminReturnsReplySchema = z
  .object({
    returns: z.array(returnRequestSchema),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'AdminReturns' });
export type AdminReturnsReply = z.infer<typeof adminReturnsReplySchema>;

/** The one optional photo of a return: at most 5 MB, stored as WebP of at most 1600 pixels. */
export const RETURN_PHOTO_LIMITS = { bytes: 5 * 1024 * 1024, side: 1600 } as const;

const afterSaleLine = z.object({
  orderItemId: z.string(),
  name: z.string(),
  colour: z.string().nullable(),
  size: z.string().nullable(),
  bought: z.number().int(),
  /** Units that can still be returned (or cancelled). */
  available: z.number().int(),
});

/**
 * GET /orders/{id}/after-sale: what the shopper can still do with an order: return delivered units
 * (within the return window) or cancel units before it ships; `reason` says why not when closed.
 */
export const orderAfterSaleSchema = z
  .object({
    returns: z.object({
      open: z.boolean(),
      reason: z.string().nullable(),
      /** The window's last moment; null before delivery. */
      until: isoDate.nullable(),
      windowDays: z.number().int(),
      lines: z.array(afterSaleLine),
    }),
    cancel: z.object({ open: z.boolean(), reason: z.string().nullable(), lines: z.array(afterSaleLine) }),
    requests: z.array(returnRequestSchema),
  })
  .meta({ id: 'OrderAfterSale' });
export type OrderAfterSale = z.infer<typeof orderAfterSaleSchema>;

/** What a partial cancellation did: the refund (rupees; 0 for an unpaid order). */
export const cancelItemsReplySchema = z
  .object({ refund: z.number(), orderStatus: z.string(), message: z.string() })
  .meta({ id: 'CancelItemsReply' });
export type CancelItemsReply = z.infer<typeof cancelItemsReplySchema>;
