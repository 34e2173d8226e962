import type { CartQuoteBody, CartReply } from '@bazaar/shared/schemas/cart';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/cart/quote: the guest's cart priced by the server (live prices, the shop's tax mode). */
export function quoteGuestCart(body: CartQuoteBody, signal?: AbortSignal): Promise<CartReply> {
  return api<CartReply>('/cart/quote', { method: 'POST', body, signal });
}

export const guestQuoteQueryOptions = (body: CartQuoteBody) =>
  queryOptions({
    queryKey: ['cart', 'guest-quote', body],
    queryFn: ({ signal }) => quoteGuestCart(body, signal),
    // Asked again when the cart page opens or the lines change; a quantity typed keeps the last
    // figures showing until the new ones come.
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/**
 * The server's figures for the guest's cart: `quote` for these lines, or undefined while they are
 * asked for; `previous` is the last quote of other lines (its tax mode still holds meanwhile).
 */
export function useGuestCartQuote(
  body: CartQuoteBody,
  enabled: boolean,
): { quote: CartReply | undefined; previous: CartReply | undefined } {
  const query = useQuery({ ...guestQuoteQueryOptions(body), enabled: enabled && body.guestCart.length > 0 });
  if (!enabled || !query.data) return { quote: undefined, previous: undefined };
  return query.isPlaceholderData
    ? { quote: undefined, previous: query.data }
    : { quote: query.data, previous: undefined };
}
