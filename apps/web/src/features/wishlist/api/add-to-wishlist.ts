import type { WishlistReply } from '@bazaar/shared/schemas/wishlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { keepAccountWishlist } from '../stores/account-wishlist';

/** POST /api/wishlist/add/{productId}: the wishlist, and whether the product was new to it (`message`). */
export function addToWishlist(productId: string): Promise<WishlistReply> {
  return api<WishlistReply>(`/wishlist/add/${encodeURIComponent(productId)}`, { method: 'POST' });
}

export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWishlist,
    onSuccess: (reply) =>
      keepAccountWishlist(queryClient, useSession.getState().user?._id ?? null, reply.wishlist),
  });
}
