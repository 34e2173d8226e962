import type { WishlistItem, WishlistReply } from '@bazaar/shared/schemas/wishlist';
import { api } from '@/lib/api-client';
import type { StoredProduct } from '@/lib/stored-product';

/**
 * POST /api/wishlist/merge: the guest's liked products join the account's wishlist (those that still
 * exist). Called once after sign-in (lib/guest-merge.ts), not from a component.
 */
export function mergeWishlist(guestLikes: StoredProduct[]): Promise<WishlistItem[]> {
  return api<WishlistReply>('/wishlist/merge', { method: 'POST', body: { guestLikes } }).then(
    (r) => r.wishlist,
  );
}
