import type { CartAddBody, CartReply } from '@bazaar/shared/schemas/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { keepAccountCart } from '../stores/account-cart';

/** POST /api/cart/add: the server prices the line and answers the whole cart. */
export function addToCart(body: CartAddBody): Promise<CartReply> {
  return api<CartReply>('/cart/add', { method: 'POST', body });
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (cart) => keepAccountCart(queryClient, useSession.getState().user?._id ?? null, cart),
  });
}
