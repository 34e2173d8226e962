import type { WishlistItem, WishlistReply } from '@bazaar/shared/schemas/wishlist';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { accountWishlistKey, readCachedWishlist, rememberWishlist } from '../stores/account-wishlist';

/** GET /api/wishlist/get: the signed-in shopper's wishlist, each product with its live price and stock. */
export function fetchWishlist(signal?: AbortSignal): Promise<WishlistItem[]> {
  return api<WishlistReply>('/wishlist/get', { signal }).then((reply) => reply.wishlist);
}

export const wishlistQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: accountWishlistKey(userId),
    queryFn: async ({ signal }) => {
      const wishlist = await fetchWishlist(signal);
      rememberWishlist(userId, wishlist);
      return wishlist;
    },
    // The browser's copy shows at once; it counts as stale, so the server is asked straight away.
    initialData: () => readCachedWishlist(userId),
    initialDataUpdatedAt: 0,
  });

/**
 * The signed-in wishlist (undefined for guests), asked for once the start-up check knows who is signed
 * in. `fresh` asks again whenever a component using it mounts.
 */
export function useAccountWishlistQuery(options: { fresh?: boolean } = {}) {
  const signedIn = useSession((s) => s.isAuthenticated);
  const userId = useSession((s) => s.user?._id ?? null);
  // One value for 'asked for yet': a guest's is false on the server and in the browser alike, so
  // hydrating does not end with every product card re-rendered because `checking` went from true
  // (the server's snapshot) to false.
  const ready = useSession((s) => s.isAuthenticated && !s.checking && s.user !== null);
  const query = useQuery({
    ...wishlistQueryOptions(userId),
    enabled: ready,
    // The wishlist page asks the server every time it opens: prices and stock may have changed since.
    ...(options.fresh ? { refetchOnMount: 'always' as const } : {}),
  });
  return { signedIn, userId, wishlist: signedIn ? query.data : undefined, query };
}
