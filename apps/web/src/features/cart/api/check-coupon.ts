import type { CouponCheckReply } from '@bazaar/shared/schemas/coupons';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useGuestCoupon } from '../stores/guest-coupon';

/**
 * POST /api/coupons/check: a guest's code, checked by the server for the cart the browser keeps;
 * refused with why (unknown, expired, used up, or too many tries from this browser or address).
 */
export function checkCoupon(coupon: string): Promise<CouponCheckReply> {
  return api<CouponCheckReply>('/coupons/check', { method: 'POST', body: { coupon } });
}

/** A guest applies a coupon: the server checks it, the browser keeps it beside the guest cart. */
export function useCheckCoupon() {
  return useMutation({
    mutationFn: checkCoupon,
    onSuccess: (coupon) => useGuestCoupon.getState().set(coupon),
  });
}
