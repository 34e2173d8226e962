import type { DeletedReply } from '@bazaar/shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCouponWritten } from './save-coupon';

/** DELETE /api/coupons/delete-coupon/:couponId. */
export function deleteCoupon(couponId: string): Promise<DeletedReply> {
  return api<DeletedReply>(`/coupons/delete-coupon/${encodeURIComponent(couponId)}`, { method: 'DELETE' });
}

export function useDeleteCoupon() {
  const written = useCouponWritten();
  return useMutation({ mutationFn: deleteCoupon, onSuccess: written });
}
