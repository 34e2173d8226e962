import { useAccountCartQuery } from '../api/get-cart';
import { useGuestCart } from '../stores/guest-cart';

/** Units in the cart (every line's quantity), for the header badge: the account's or the guest's. */
export function useCartCount(): number {
  const { signedIn, cart } = useAccountCartQuery();
  const guestUnits = useGuestCart((state) => state.lines.reduce((sum, line) => sum + line.qty, 0));
  return signedIn ? (cart?.totalItems ?? 0) : guestUnits;
}
