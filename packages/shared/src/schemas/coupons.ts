import { z } from 'zod';
import { COUPON_MESSAGES } from '../constants';
import { text } from './common';

/** PUT /cart/apply-coupon. Codes are matched whatever their case. */
export const applyCouponBodySchema = z
  .object({ coupon: text().trim().min(1, COUPON_MESSAGES.required).max(50, COUPON_MESSAGES.notFound) })
  .strict();
export type ApplyCouponBody = z.input<typeof applyCouponBodySchema>;

/** The coupon a cart holds: its code and percent off the subtotal. */
export const appliedCouponSchema = z.object({ code: z.string(), discount: z.number().int() });
export type AppliedCoupon = z.infer<typeof appliedCouponSchema>;
