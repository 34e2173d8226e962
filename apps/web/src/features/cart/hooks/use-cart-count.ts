import { useGuestCart } from '../stores/guest-cart';

/** Lines in the cart (one per product, colour and size), for the header badge. */
export function useCartCount(): number {
  return useGuestCart((state) => state.lines.length);
}
