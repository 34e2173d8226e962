import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { isoDate } from './common';
import { orderPaymentReplySchema } from './orders';

// Cash on delivery's requests and replies: placing (POST /orders with paymentMethod "cod"), the
// checkout's offer, the order's COD side, the signed confirmation link and "Pay now online instead".

/** POST /orders with paymentMethod "cod": the order placed, awaiting its confirmation. */
export const codOrderReplySchema = z
  .object({
    orderId: z.string(),
    orderNumber: z.string(),
    paymentMethod: z.literal('cod'),
    status: z.enum(ORDER_STATUSES),
    /** Rupees, the COD fee included. */
    total: z.number(),
    codFee: z.number(),
    /** Unconfirmed by then, the order is cancelled by the shop. */
    confirmBy: isoDate,
  })
  .meta({ id: 'CodOrderPlaced' });
export type CodOrderReply = z.infer<typeof codOrderReplySchema>;

/** An order's cash-on-delivery side, for its shopper (null on orders paid online). */
export const myOrderCodSchema = z.object({
  /** Rupees, inside the order's shipping. */
  fee: z.number(),
  /** Until when it can be confirmed; null once confirmed or ended. */
  confirmBy: isoDate.nullable(),
  /** Awaiting confirmation: the shopper may confirm it. */
  canConfirm: z.boolean(),
  /** Not yet shipped (awaiting confirmation or confirmed): the shopper may pay online instead. */
  canPayOnline: z.boolean(),
  /** Cash collected on delivery. */
  cashCollected: z.boolean(),
});
export type MyOrderCod = z.infer<typeof myOrderCodSchema>;

/** POST /orders/cod/confirm: the token of the link mailed to the shopper. */
export const codConfirmBodySchema = z.object({ token: z.string().min(1).max(2000) }).strict();
export const codConfirmQuerySchema = z.object({ token: z.string().min(1).max(2000) });

/** GET and POST /orders/cod/confirm: the order the link names, and whether it is confirmed now. */
export const codConfirmReplySchema = z
  .object({
    orderId: z.string(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    total: z.number(),
    /** Awaiting confirmation still (the page offers Confirm). */
    awaiting: z.boolean(),
    message: z.string(),
  })
  .meta({ id: 'CodConfirmation' });
export type CodConfirmReply = z.infer<typeof codConfirmReplySchema>;

/**
 * POST /orders/{id}/pay-online: a payment link to open (Razorpay Payment Links), or, in the sandbox,
 * the payment window's details as "Pay now" gives them (`checkout`).
 */
export const payOnlineReplySchema = z
  .object({
    kind: z.enum(['link', 'checkout']),
    /** The link's page (kind "link"). */
    url: z.string().nullable(),
    /** The payment window's details (kind "checkout"). */
    payment: orderPaymentReplySchema.nullable(),
  })
  .meta({ id: 'PayOnline' });
export type PayOnlineReply = z.infer<typeof payOnlineReplySchema>;
