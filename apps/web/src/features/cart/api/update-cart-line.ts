import type { CartReply } from '@bazaar/shared/schemas/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { keepAccountCart } from '../stores/account-cart';

export interface CartLineChange {
  productId: string;
  qty: number;
  /** The line's colour and size ('' for none chosen), so a product with several lines changes the right one. */
  colour: string;
  size: string;
}

/** PUT /api/cart/update/{productId}: sets one line's quantity (1..99, at most the stock). */
export function updateCartLine({ productId, ...body }: CartLineChange): Promise<CartReply> {
  return api<CartReply>(`/cart/update/${encodeURIComponent(productId)}`, { method: 'PUT', body });
}

export function useUpdateCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartLine,
    onSuccess: (cart) => keepAccountCart(queryClient, useSession.getState().user?._id ?? null, cart),
  });
}
