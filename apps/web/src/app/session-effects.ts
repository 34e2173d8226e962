import type { QueryClient } from '@tanstack/react-query';
import { forgetAccountCart, mergeGuestCart } from '@/features/cart';
import { refreshCheckout } from '@/features/checkout';
import { forgetAccountWishlist, mergeGuestWishlist } from '@/features/wishlist';
import { useSession } from '@/lib/session-store';

type SessionState = ReturnType<typeof useSession.getState>;

/** Signed in and known: the start-up check (or a login, register or Google sign-in) has said who. */
const known = (s: SessionState) => s.isAuthenticated && !s.checking && s.user !== null;

/**
 * What a change of session means to the features. Features do not import each other, and the account
 * feature starts and ends sessions without knowing who cares, so the app layer wires them to the
 * session store here, once, at start-up:
 * - a session that starts (login, register, Google sign-in, or a stored token the start-up check
 *   accepts) takes in the guest cart (and its coupon) and wishlist, as the spec's merge after sign-in
 *   does; checkout, often the page a guest signs in for, then reads the merged cart again;
 * - a session that ends (logout, a refused token, a token removed in another tab) drops the account's
 *   cart and wishlist the browser cached, so the next person at this browser does not see them.
 */
export function followSessionChanges(queryClient: QueryClient): () => void {
  return useSession.subscribe((now, before) => {
    if (before.isAuthenticated && !now.isAuthenticated) {
      forgetAccountWishlist(queryClient);
      forgetAccountCart(queryClient);
    }
    if (known(now) && (!known(before) || now.user?._id !== before.user?._id)) {
      void mergeGuestCart(queryClient).then(() => refreshCheckout(queryClient));
      void mergeGuestWishlist(queryClient);
    }
  });
}
