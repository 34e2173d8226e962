import { forgetAccountWishlist } from '@/features/wishlist';
import { useSession } from '@/lib/session-store';

/**
 * What a change of session means to the features. Features do not import each other, and the account
 * feature ends sessions without knowing who cares, so the app layer wires them to the session store
 * here, once, at start-up. A session that ends (logout, a refused token, a token removed in another
 * tab) drops the signed-in wishlist the browser cached, as the spec's logout does.
 */
export function followSessionChanges(): () => void {
  return useSession.subscribe((now, before) => {
    if (before.isAuthenticated && !now.isAuthenticated) forgetAccountWishlist();
  });
}
