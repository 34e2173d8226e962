import type { WishlistReply } from '@bazaar/shared/schemas/wishlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { keepAccountWishlist } from '../stores/account-wishlist';

/** DELETE /api/wishlist/remove/{productId}: answers the wishlist. */
export function removeFromWishlist(productId: string): Promise<WishlistReply> {
  return api<WishlistReply>(`/wishlist/remove/${encodeURIComponent(productId)}`, { method: 'DELETE' });
}

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishlist,
    onSuccess: (reply) =>
      keepAccountWishlist(queryClient, useSession.getState().user?._id ?? null, reply.wishlist),
  });
}
