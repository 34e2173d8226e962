import { z } from 'zod';
import { isoDate, text } from './common';

// Refunds: what an admin asks for, and what every refund of an order looks like.

export const REFUND_REASON_MAX = 200;

/** POST /admin/orders/{id}/refunds: rupees (whole paise), with the reason the shopper is told. */
export const adminRefundBodySchema = z
  .object({
    amount: z
      .number({ error: 'amount must be a number of rupees' })
      .positive('The refund must be more than ₹0')
      .max(10_000_000, 'The refund is too large')
      .refine((r) => Math.abs(r * 100 - Math.round(r * 100)) < 1e-6, {
        error: 'The refund must be in whole paise',
      }),
    reason: text()
      .trim()
      .min(1, 'Give the reason for the refund')
      .max(REFUND_REASON_MAX, `Reason must be at most ${REFUND_REASON_MAX} characters`),
  })
  .strict();
export type AdminRefundBody = z.input<typeof adminRefundBodySchema>;

export const refundSchema = z
  .object({
    _id: z.string(),
    /** Rupees. */
    amount: z.number(),
    status: z.enum(['pending', 'processed', 'failed']),
    reason: z.string(),
    kind: z.enum(['admin', 'cancellation', 'return', 'late_payment']),
    providerRefundId: z.string().nullable(),
    createdAt: isoDate,
    processedAt: isoDate.nullable(),
  })
  .meta({ id: 'Refund' });
export type Refund = z.infer<typeof refundSchema>;

/** An order's refunds and what remains of its payment, rupees. */
export const orderRefundsSchema = z
  .object({ refunds: z.array(refundSchema), refunded: z.number(), remaining: z.number() })
  .meta({ id: 'OrderRefunds' });
export type OrderRefunds = z.infer<typeof orderRefundsSchema>;
