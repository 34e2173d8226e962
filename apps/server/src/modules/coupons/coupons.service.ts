import { COUPON_MESSAGES } from '@bazaar/shared/constants';
import type { DbOrTx } from '../../db/client';
import { type AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { type CouponRow, findCouponByCode, findCouponById } from './coupons.repo';

export type { CouponRow } from './coupons.repo';

/**
 * Why a coupon cannot be redeemed at `now`, or null when it can: expired (its expiry has passed), or
 * used up (`usage_limit` is set and `used_count` has reached it). Redemptions are counted by checkout
 * when a payment succeeds, with a conditional update the database's CHECK backs up.
 */
export function couponRefusal(coupon: CouponRow, now: Date): AppError | null {
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime())
    return badRequest(COUPON_MESSAGES.expired);
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit)
    return conflict(COUPON_MESSAGES.usedUp);
  return null;
}

/**
 * The shopper's side of coupons: is a code usable now? Admins' coupon management lives beside this
 * module (coupon-admin.*). Every check takes the caller's `db` or transaction, so checkout can re-check
 * inside the transaction that creates the order.
 */
export class CouponsService {
  /**
   * The coupon a shopper typed, if it can be used at `now`; otherwise a 4xx with one distinct message
   * each: no such code (404), expired (400), no redemptions left (409). Codes match whatever their case.
   */
  async usable(db: DbOrTx, code: string, now: Date): Promise<CouponRow> {
    const trimmed = code.trim();
    const coupon = trimmed ? await findCouponByCode(db, trimmed) : undefined;
    if (!coupon) throw notFound(COUPON_MESSAGES.notFound);
    const refusal = couponRefusal(coupon, now);
    if (refusal) throw refusal;
    return coupon;
  }

  /** The coupon a cart holds, when it can still be used at `now`; undefined otherwise (gone, expired, used up). */
  async stillUsable(db: DbOrTx, id: string, now: Date): Promise<CouponRow | undefined> {
    const coupon = await findCouponById(db, id);
    return coupon && !couponRefusal(coupon, now) ? coupon : undefined;
  }
}
