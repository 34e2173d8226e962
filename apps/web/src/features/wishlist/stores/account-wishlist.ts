import { STORAGE_KEYS } from '@bazaar/shared/constants';
import type { WishlistItem } from '@bazaar/shared/schemas/wishlist';
import type { QueryClient } from '@tanstack/react-query';
import { readValue, writeValue } from '@/lib/browser-value';
import { useSession } from '@/lib/session-store';

/** The signed-in wishlist as the browser caches it under the spec's key `Likes`, with whose it is. */
interface CachedWishlist {
  owner: string | null;
  wishlist: WishlistItem[];
}

const KEY = STORAGE_KEYS.likes;

const isCachedWishlist = (value: unknown): value is CachedWishlist => {
  const entry = value as Partial<CachedWishlist> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    Array.isArray(entry.wishlist) &&
    entry.wishlist.every((item) => typeof item?.product?._id === 'string')
  );
};

/** The query key of a user's wishlist; `null` while the start-up check has not said who is signed in. */
export const accountWishlistKey = (userId: string | null) =>
  ['wishlist', 'account', userId ?? 'pending'] as const;

/** The wishlist the browser kept from the last reply (whoever's while the start-up check runs). */
export function readCachedWishlist(userId: string | null): WishlistItem[] | undefined {
  const cached = readValue(KEY, isCachedWishlist);
  if (!cached || (userId !== null && cached.owner !== userId)) return undefined;
  return cached.wishlist;
}

/** Keeps the browser's copy of the wishlist (the query cache holds the live one). */
export function rememberWishlist(userId: string | null, wishlist: WishlistItem[]): void {
  // A reply that arrives after the session ended must not leave a copy for the next person.
  if (useSession.getState().user?._id !== userId) return;
  writeValue(KEY, { owner: userId, wishlist } satisfies CachedWishlist);
}

/** Every wishlist reply replaces the wishlist: in the query cache and in the browser's copy. */
export function keepAccountWishlist(
  queryClient: QueryClient,
  userId: string | null,
  wishlist: WishlistItem[],
): void {
  queryClient.setQueryData(accountWishlistKey(userId), wishlist);
  rememberWishlist(userId, wishlist);
}

/**
 * Drops the signed-in shopper's wishlist the browser holds (`Likes` and the query cache): the spec's
 * logout clears the wishlist, and the next person at this browser must not see it. The app layer
 * calls this whenever a session ends (app/session-effects.ts).
 */
export function forgetAccountWishlist(queryClient: QueryClient): void {
  writeValue(KEY, null);
  queryClient.removeQueries({ queryKey: ['wishlist', 'account'] });
}
