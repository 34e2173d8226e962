// The checkout feature's public entry: the only module of it that code outside the feature imports
// (the router also lazy-loads its pages/). Checked by `npm run lint` (.dependency-cruiser.cjs).
// It stays light, since app/ imports it eagerly: the pay flow's code loads with the first payment.
import type { OrderPaymentReply } from '@bazaar/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { PayOutcome } from './lib/pay-order';

export type { PayOutcome };

/** Opens the payment window for a placed order and verifies what it hands back. */
export function payOrder(payment: OrderPaymentReply): Promise<PayOutcome> {
  return import('./lib/pay-order').then((pay) => pay.payOrder(payment));
}

/**
 * The account's cart changed outside checkout (the guest cart and coupon merged in at sign-in): what
 * checkout shows is priced from it, so it is read again.
 */
export function refreshCheckout(queryClient: QueryClient): Promise<void> {
  return import('./api/get-checkout').then(({ checkoutKey }) =>
    queryClient.invalidateQueries({ queryKey: checkoutKey }),
  );
}
