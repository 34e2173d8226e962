import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { myOrderCodSchema } from './cod';
import { isoDate, text } from './common';
import { myOrderSchema } from './orders';
import { shipmentSchema } from './shipments';

/** One step of an order's life as its shopper sees it (no admin notes: those are the shop's). */
export const orderTimelineStepSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  at: isoDate,
});

/**
 * GET /orders/{id}: one of the caller's orders in full: items as charged (unit price after the
 * product's discount, and the line's total, rupees), the totals, where it goes, how it was paid, its
 * shipment and the timeline of its statuses.
 */
export const myOrderDetailSchema = myOrderSchema
  .extend({
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    lines: z.array(
      z.object({
        _id: z.string(),
        name: z.string(),
        colour: z.string().nullable(),
        size: z.string().nullable(),
        quantity: z.number().int(),
        /** One unit as charged. */
        price: z.number(),
        /** The product's list price and discount percent when it was bought. */
        listPrice: z.number(),
        discountPercent: z.number().int(),
        lineTotal: z.number(),
      }),
    ),
    payment: z.object({
      method: z.string(),
      /** Paid, Refunded, Partly refunded, Awaiting payment or Not paid. */
      status: z.string(),
      paidAt: isoDate.nullable(),
    }),
    shipment: shipmentSchema.nullable(),
    /** Cash on delivery: its fee, until when it can be confirmed, what the shopper may do; null when paid online. */
    cod: myOrderCodSchema.nullable().optional(),
    timeline: z.array(orderTimelineStepSchema),
    /** Money given back (rupees): processed, on its way (pending) or failed. */
    refunds: z.array(
      z.object({
        amount: z.number(),
        status: z.enum(['pending', 'processed', 'failed']),
        reason: z.string(),
        at: isoDate,
      }),
    ),
  })
  .meta({ id: 'MyOrderDetail' });
export type MyOrderDetail = z.infer<typeof myOrderDetailSchema>;

/** POST /orders/{id}/cancel: why the shopper cancels (kept in the order's history). */
export const cancelOrderBodySchema = z
  .object({
    reason: text()
      .trim()
      .min(1, 'Tell us why you are cancelling')
      .max(200, 'Reason must be at most 200 characters'),
  })
  .strict();
export type CancelOrderBody = z.input<typeof cancelOrderBodySchema>;
