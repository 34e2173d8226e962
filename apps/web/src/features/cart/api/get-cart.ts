import type { CartReply } from '@bazaar/shared/schemas/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { accountCartKey, readCachedCart, rememberCart } from '../stores/account-cart';

/** GET /api/cart/get: the signed-in shopper's cart, priced by the server. */
export function fetchCart(signal?: AbortSignal): Promise<CartReply> {
  return api<CartReply>('/cart/get', { signal });
}

export const cartQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: accountCartKey(userId),
    queryFn: async ({ signal }) => {
      const cart = await fetchCart(signal);
      rememberCart(userId, cart);
      return cart;
    },
    // The browser's copy shows at once; it counts as stale, so the server is asked straight away.
    initialData: () => readCachedCart(userId),
    initialDataUpdatedAt: 0,
  });

/**
 * The signed-in cart (undefined for guests). Asked for once the start-up check knows who is signed
 * in, so an old token on a guest's browser does not end in the session-expired redirect. `fresh`
 * asks again whenever a component using it mounts.
 */
export function useAccountCartQuery(options: { fresh?: boolean } = {}) {
  const signedIn = useSession((s) => s.isAuthenticated);
  const userId = useSession((s) => s.user?._id ?? null);
  // One value for 'asked for yet': a guest's is false on the server and in the browser alike, so
  // hydrating does not end with every product card re-rendered because `checking` went from true
  // (the server's snapshot) to false.
  const ready = useSession((s) => s.isAuthenticated && !s.checking && s.user !== null);
  const query = useQuery({
    ...cartQueryOptions(userId),
    enabled: ready,
    // The cart page asks the server every time it opens: prices and stock may have changed since.
    ...(options.fresh ? { refetchOnMount: 'always' as const } : {}),
  });
  return { signedIn, userId, cart: signedIn ? query.data : undefined, query };
}
