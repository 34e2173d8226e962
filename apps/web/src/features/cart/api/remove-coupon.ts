import type { CartReply } from '@bazaar/shared/schemas/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { keepAccountCart } from '../stores/account-cart';

/** DELETE /api/cart/coupon: takes the applied coupon off the cart. */
export function removeCoupon(): Promise<CartReply> {
  return api<CartReply>('/cart/coupon', { method: 'DELETE' });
}

export function useRemoveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCoupon,
    onSuccess: (cart) => keepAccountCart(queryClient, useSession.getState().user?._id ?? null, cart),
  });
}
