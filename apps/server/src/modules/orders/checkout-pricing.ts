import { type OrderPricing, priceForDelivery, type ShippingAddress } from '@bazaar/shared';
import type { DbOrTx } from '../../db/client';
import type { CheckoutCartView, DeliveryQuotes, TaxSetupSource } from './checkout-ports';

export interface CheckoutPricing {
  pricing: OrderPricing;
  /** Why the order cannot go to this address (not served, no state for GST); null when it can. */
  refusal: string | null;
}

/**
 * The cart priced for where it goes: the fee rule of the delivery zone serving the address's pincode,
 * and in GST mode the tax split by the address's state (the place of supply). Without an address, the
 * default zone's fee and the tax unsplit, as the cart shows it. Summary and placing both call this.
 */
export async function priceCheckout(
  deps: { settings: TaxSetupSource; delivery: DeliveryQuotes },
  db: DbOrTx,
  cart: CheckoutCartView,
  address: ShippingAddress | null,
  now: Date,
): Promise<CheckoutPricing> {
  const tax = await deps.settings.taxSetup(db);
  const defaults = await deps.settings.pricing(db);
  let fee = { feePaise: defaults.shippingFeePaise, freeAbovePaise: defaults.freeShippingThresholdPaise };
  let refusal: string | null = null;
  let stateCode: string | null = null;
  if (address) {
    const quote = await deps.delivery.quote(db, address.pinCode, cart.totals.afterDiscountsPaise, now);
    if (quote.deliverable) fee = quote.feeRule;
    else refusal = `We do not deliver to pincode ${address.pinCode} yet. Please choose another address.`;
    stateCode = address.stateCode ?? null;
    if (tax.mode === 'gst' && stateCode === null && refusal === null) {
      refusal = 'We could not tell which state this address is in. Choose the state from the list.';
    }
  }
  const coupon = cart.coupon?.discount ?? 0;
  return { pricing: priceForDelivery(cart.lines, coupon, fee, tax, stateCode), refusal };
}
