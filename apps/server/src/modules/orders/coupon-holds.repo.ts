import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { carts, couponRedemptions, coupons } from '../../db/schema/shopping';

/**
 * Counts one use of the coupon if it still has one left and has not expired, in one conditional
 * statement: thirty checkouts racing for the last use of a code cannot count it twice (the table's
 * CHECK would refuse the thirty-first anyway). The coupon's row stays locked until the transaction
 * ends. Undefined when refused; else the coupon's usage limit.
 */
export async function holdCoupon(
  db: DbOrTx,
  couponId: string,
  now: Date,
): Promise<{ usageLimit: number | null } | undefined> {
  const [row] = await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        or(isNull(coupons.usageLimit), lt(coupons.usedCount, coupons.usageLimit)),
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
      ),
    )
    .returning({ usageLimit: coupons.usageLimit });
  return row;
}

/** Gives back one use counted by holdCoupon (never below zero), and forgets the redemption if it was paid. */
export async function releaseCoupon(db: DbOrTx, couponId: string, orderId: string): Promise<void> {
  await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} - 1` })
    .where(and(eq(coupons.id, couponId), gt(coupons.usedCount, 0)));
  await db.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
}

/** Records that a paid order redeemed the coupon it held (once per order). */
export async function recordRedemption(
  db: DbOrTx,
  redemption: { couponId: string; userId: string | null; orderId: string; at: Date },
): Promise<void> {
  await db
    .insert(couponRedemptions)
    .values({
      couponId: redemption.couponId,
      userId: redemption.userId,
      orderId: redemption.orderId,
      createdAt: redemption.at,
    })
    .onConflictDoNothing();
}

/** The coupon applied to a cart, usable or not (the cart prices one that no longer is as none). */
export async function findCartCoupon(
  db: DbOrTx,
  cartId: string,
): Promise<{ id: string; code: string } | undefined> {
  const [row] = await db
    .select({ id: coupons.id, code: coupons.code })
    .from(carts)
    .innerJoin(coupons, eq(coupons.id, carts.couponId))
    .where(eq(carts.id, cartId));
  return row;
}

/** Forgets a paid order's redemption while its use stays held (the order awaits payment again). */
export async function deleteRedemption(db: DbOrTx, orderId: string): Promise<void> {
  await db.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
}

/** A coupon's usage limit (null: unlimited, or no such coupon). */
export async function findCouponLimit(db: DbOrTx, couponId: string): Promise<number | null> {
  const [row] = await db
    .select({ usageLimit: coupons.usageLimit })
    .from(coupons)
    .where(eq(coupons.id, couponId));
  return row?.usageLimit ?? null;
}
