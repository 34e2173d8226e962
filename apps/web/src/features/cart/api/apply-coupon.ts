import type { CartReply } from '@bazaar/shared/schemas/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { keepAccountCart } from '../stores/account-cart';

/** PUT /api/cart/apply-coupon: the code in any case; refused with why (unknown, expired, used up). */
export function applyCoupon(coupon: string): Promise<CartReply> {
  return api<CartReply>('/cart/apply-coupon', { method: 'PUT', body: { coupon } });
}

export function useApplyCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCoupon,
    onSuccess: (cart) => keepAccountCart(queryClient, useSession.getState().user?._id ?? null, cart),
  });
}
