import type { CartReply } from '@bazaar/shared/schemas/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { keepAccountCart } from '../stores/account-cart';

export interface CartLineRemoval {
  productId: string;
  /** The line's colour and size ('' for none chosen); left out, every line of the product goes. */
  variant?: { colour: string; size: string };
}

/** DELETE /api/cart/remove/{productId}?colour=&size=: one line, or every line of the product. */
export function removeCartLine({ productId, variant }: CartLineRemoval): Promise<CartReply> {
  // Written out here rather than through `query`: an empty value counts (it names the line with no choice).
  const search = variant ? `?${new URLSearchParams({ colour: variant.colour, size: variant.size })}` : '';
  return api<CartReply>(`/cart/remove/${encodeURIComponent(productId)}${search}`, { method: 'DELETE' });
}

export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartLine,
    onSuccess: (cart) => keepAccountCart(queryClient, useSession.getState().user?._id ?? null, cart),
  });
}
