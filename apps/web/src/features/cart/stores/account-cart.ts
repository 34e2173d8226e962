import { STORAGE_KEYS } from '@bazaar/shared/constants';
import type { CartReply } from '@bazaar/shared/schemas/cart';
import type { QueryClient } from '@tanstack/react-query';
import { readValue, writeValue } from '@/lib/browser-value';
import { useSession } from '@/lib/session-store';

/** The signed-in cart as the browser caches it under the spec's key `cart`, with whose it is. */
interface CachedCart {
  owner: string | null;
  cart: CartReply;
}

const KEY = STORAGE_KEYS.cart;

const isCachedCart = (value: unknown): value is CachedCart => {
  const entry = value as Partial<CachedCart> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.cart === 'object' &&
    entry.cart !== null &&
    Array.isArray(entry.cart.cartItems) &&
    typeof entry.cart.totalItems === 'number'
  );
};

/** The query key of a user's cart; `null` while the start-up check has not said who is signed in. */
export const accountCartKey = (userId: string | null) => ['cart', userId ?? 'pending'] as const;

/**
 * The cart the browser kept from the last reply: the header badge shows it at once on a reload, before
 * the server answers. Whoever's it was while the start-up check runs; afterwards only the user's own.
 */
export function readCachedCart(userId: string | null): CartReply | undefined {
  const cached = readValue(KEY, isCachedCart);
  if (!cached || (userId !== null && cached.owner !== userId)) return undefined;
  return cached.cart;
}

/** Keeps the browser's copy of the cart (the query cache holds the live one). */
export function rememberCart(userId: string | null, cart: CartReply): void {
  // A reply that arrives after the session ended must not leave a copy for the next person.
  if (useSession.getState().user?._id !== userId) return;
  writeValue(KEY, { owner: userId, cart } satisfies CachedCart);
}

/** Every cart reply replaces the cart: in the query cache and in the browser's copy. */
export function keepAccountCart(queryClient: QueryClient, userId: string | null, cart: CartReply): void {
  const { changes: _changes, ...plain } = cart as CartReply & { changes?: unknown };
  queryClient.setQueryData(accountCartKey(userId), plain);
  rememberCart(userId, plain);
}

/**
 * Drops the signed-in shopper's cart the browser holds (cache and copy): the next person at this
 * browser must not see it. The app layer calls this whenever a session ends (app/session-effects.ts).
 */
export function forgetAccountCart(queryClient: QueryClient): void {
  writeValue(KEY, null);
  queryClient.removeQueries({ queryKey: ['cart'] });
}
