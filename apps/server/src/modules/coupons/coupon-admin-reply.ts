import type { AdminCoupon } from '@bazaar/shared';
import { shopDate } from '../../lib/shop-time';
import type { CouponWithOwner } from './coupon-admin.repo';

export function toAdminCoupon(coupon: CouponWithOwner, now: Date): AdminCoupon {
  return {
    _id: coupon.id,
    code: coupon.code,
    discount: coupon.discount,
    expiresAt: coupon.expiresAt?.toISOString() ?? null,
    expiryDate: coupon.expiresAt ? shopDate(coupon.expiresAt) : null,
    usageLimit: coupon.usageLimit,
    usedCount: coupon.usedCount,
    expired: coupon.expiresAt !== null && coupon.expiresAt < now,
    welcomeFor: coupon.welcomeFor,
    createdAt: coupon.createdAt.toISOString(),
    updatedAt: coupon.updatedAt.toISOString(),
  };
}
