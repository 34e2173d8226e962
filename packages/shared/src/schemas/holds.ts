import { z } from 'zod';
import { idSchema, isoDate } from './common';

// The admin's view of stock held by unpaid orders, and releasing it.

/** At most this many unpaid orders are released by one request. */
export const RELEASE_HOLDS_MAX = 100;

/** One unpaid order's hold on a product: who placed it, how many units, until when. */
export const adminHoldSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  customer: z.object({ _id: z.string().nullable(), name: z.string(), email: z.string() }),
  quantity: z.number().int(),
  placedAt: isoDate,
  /** When the order is cancelled if still unpaid; null for one an admin marked unpaid (it waits for them). */
  expiresAt: isoDate.nullable(),
});
export type AdminHold = z.infer<typeof adminHoldSchema>;

/** GET /admin/holds: products held by unpaid orders, most units held first, each with its holds (soonest to end first). */
export const adminHoldsReplySchema = z
  .object({
    products: z.array(
      z.object({
        product: z.object({
          _id: z.string(),
          name: z.string(),
          image: z.string().nullable(),
          countInStock: z.number().int(),
        }),
        /** Units of it in unpaid orders, off the shelf until they are paid, deleted or expire. */
        held: z.number().int(),
        holds: z.array(adminHoldSchema),
      }),
    ),
    /** The most a shopper may hold of a product is the larger of these (the shop's settings). */
    limits: z.object({
      units: z.number().int(),
      percent: z.number().int(),
      addressMultiple: z.number().int(),
    }),
    /** True when there were more unpaid orders than one reply lists (the oldest products shown first are complete). */
    truncated: z.boolean(),
  })
  .meta({ id: 'AdminHolds' });
export type AdminHoldsReply = z.infer<typeof adminHoldsReplySchema>;

/** POST /admin/holds/release: the unpaid orders to cancel (their stock and coupon go back). */
export const releaseHoldsBodySchema = z
  .object({
    orderIds: z
      .array(idSchema)
      .min(1, 'Choose at least one order')
      .max(RELEASE_HOLDS_MAX, `At most ${RELEASE_HOLDS_MAX} orders at once`),
  })
  .strict();
export type ReleaseHoldsBody = z.infer<typeof releaseHoldsBodySchema>;

export const releaseHoldsReplySchema = z.object({
  message: z.string(),
  /** Orders cancelled by this request. */
  released: z.array(z.string()),
  /** Orders left as they were (paid or cancelled meanwhile, or unknown), with why. */
  skipped: z.array(z.object({ orderId: z.string(), reason: z.string() })),
});
export type ReleaseHoldsReply = z.infer<typeof releaseHoldsReplySchema>;
