import { useAccountWishlistQuery } from '../api/get-wishlist';
import { useGuestWishlist } from '../stores/guest-wishlist';

/** Products in the wishlist, for the header badge: the account's or the guest's. */
export function useWishlistCount(): number {
  const { signedIn, wishlist } = useAccountWishlistQuery();
  const guestCount = useGuestWishlist((state) => state.items.length);
  return signedIn ? (wishlist?.length ?? 0) : guestCount;
}
