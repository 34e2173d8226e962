import { STORAGE_KEYS } from '@bazaar/shared/constants';

/**
 * Drops the signed-in shopper's wishlist that the browser caches under the spec's key `Likes`: the
 * spec's logout clears the wishlist, and the next person at this browser must not see it. The app
 * layer calls this whenever a session ends (app/session-effects.ts).
 */
export function forgetAccountWishlist(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.likes);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
