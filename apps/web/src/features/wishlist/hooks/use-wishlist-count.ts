import { useGuestWishlist } from '../stores/guest-wishlist';

/** Products in the wishlist, for the header badge. */
export function useWishlistCount(): number {
  return useGuestWishlist((state) => state.items.length);
}
