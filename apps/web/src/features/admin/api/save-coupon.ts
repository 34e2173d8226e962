import type { CouponBody, CouponWriteReply } from '@bazaar/shared/schemas/coupon-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** POST /api/coupons/create-coupon. */
export function createCoupon(body: CouponBody): Promise<CouponWriteReply> {
  return api<CouponWriteReply>('/coupons/create-coupon', { method: 'POST', body });
}

/** PUT /api/coupons/update-coupon/:couponId: the whole coupon, as the row's fields hold it. */
export function updateCoupon(couponId: string, body: CouponBody): Promise<CouponWriteReply> {
  return api<CouponWriteReply>(`/coupons/update-coupon/${encodeURIComponent(couponId)}`, {
    method: 'PUT',
    body,
  });
}

/** After a coupon write: the list and the audit log are stale. */
export function useCouponWritten() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.coupons }),
      client.invalidateQueries({ queryKey: adminKeys.audit }),
    ]);
}

export function useCreateCoupon() {
  const written = useCouponWritten();
  return useMutation({ mutationFn: createCoupon, onSuccess: written });
}

export function useUpdateCoupon() {
  const written = useCouponWritten();
  return useMutation({
    mutationFn: ({ couponId, ...body }: CouponBody & { couponId: string }) => updateCoupon(couponId, body),
    onSuccess: written,
  });
}
