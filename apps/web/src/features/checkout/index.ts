// The checkout feature's public entry (the router lazy-loads its page; app/ composes through this).
import type { QueryClient } from '@tanstack/react-query';
import { checkoutKey } from './api/get-checkout';

/**
 * The account's cart changed outside checkout (the guest cart and coupon merged in at sign-in): what
 * checkout shows is priced from it, so it is read again.
 */
export function refreshCheckout(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: checkoutKey });
}
