import { z } from 'zod';
import { COUPON_MESSAGES } from '../constants';
import { isoDate, text } from './common';

/** PUT /cart/apply-coupon. Codes are matched whatever their case. */
export const applyCouponBodySchema = z
  .object({ coupon: text().trim().min(1, COUPON_MESSAGES.required).max(50, COUPON_MESSAGES.notFound) })
  .strict();
export type ApplyCouponBody = z.input<typeof applyCouponBodySchema>;

/** The coupon a cart holds: its code and percent off the subtotal. */
export const appliedCouponSchema = z.object({ code: z.string(), discount: z.number().int() });
export type AppliedCoupon = z.infer<typeof appliedCouponSchema>;

/**
 * POST /coupons/check: a guest's coupon for the cart kept in the browser, checked by the server (the
 * same refusals as PUT /cart/apply-coupon) and priced in the browser by the shared `cartTotals`.
 * `expiresAt` lets the browser stop counting it once it has ended; checkout checks it again anyway.
 */
export const couponCheckReplySchema = appliedCouponSchema
  .extend({ expiresAt: isoDate.nullable() })
  .meta({ id: 'CouponCheck' });
export type CouponCheckReply = z.infer<typeof couponCheckReplySchema>;
