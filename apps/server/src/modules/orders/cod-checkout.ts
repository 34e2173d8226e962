import {
  type CheckoutCod,
  COD_MESSAGES,
  type CodRules,
  codDeliveryChargePaise,
  codOpenOrdersMessage,
  codQuote,
  codReturnedParcelsMessage,
  type OrderPricing,
  paiseToRupees,
  priceForDelivery,
  type ShippingAddress,
} from '@bazaar/shared';
import type { DbOrTx } from '../../db/client';
import type { CheckoutCartView, DeliveryQuotes, TaxSetupSource } from './checkout-ports';
import { COD_METHOD, countOpenCodOrders, countReturnedToOrigin } from './cod.repo';

export interface CodCheckoutDeps {
  settings: TaxSetupSource & { codRules(db: DbOrTx): Promise<CodRules> };
  delivery: DeliveryQuotes;
}

/** Whether the order asks to be paid on delivery (older clients send other words: online). */
export function wantsCod(input: { paymentMethod?: string | undefined }): boolean {
  return input.paymentMethod?.trim().toLowerCase() === COD_METHOD;
}

export type CodOffer =
  | { available: true; feePaise: number; pricing: OrderPricing }
  | { available: false; reason: string };

/**
 * Cash on delivery for this cart going to `address`, priced online as `pricing`: offered when the
 * address's zone offers it, the order's total (before the fee) lies within the zone's minimum and
 * maximum (packages/shared cod.ts), the shopper has fewer open COD orders than the shop's limit and,
 * where the shop set one, fewer parcels Returned to origin than its refusal threshold. Then the
 * order is priced again with the fee in its delivery charge (so tax and invoice see one delivery line).
 * The server alone decides: nothing the client sends about COD but the wish counts.
 */
export async function codOffer(
  deps: CodCheckoutDeps,
  db: DbOrTx,
  userId: string,
  cart: CheckoutCartView,
  address: ShippingAddress,
  pricing: OrderPricing,
  now: Date,
): Promise<CodOffer> {
  const quote = await deps.delivery.quote(db, address.pinCode, cart.totals.afterDiscountsPaise, now);
  if (!quote.deliverable) return { available: false, reason: COD_MESSAGES.notOffered };
  const offered = codQuote(quote.codTerms, pricing.totals.totalPaise);
  if (!offered.available) return offered;
  const rules = await deps.settings.codRules(db);
  const open = await countOpenCodOrders(db, userId);
  if (open >= rules.maxOpenOrders) return { available: false, reason: codOpenOrdersMessage(open) };
  if (rules.refuseAfterRto > 0) {
    const returned = await countReturnedToOrigin(db, userId);
    if (returned >= rules.refuseAfterRto) {
      return { available: false, reason: codReturnedParcelsMessage(returned) };
    }
  }
  const tax = await deps.settings.taxSetup(db);
  const fee = {
    feePaise: codDeliveryChargePaise(pricing.totals.shippingPaise, offered.feePaise),
    freeAbovePaise: null,
  };
  return {
    available: true,
    feePaise: offered.feePaise,
    pricing: priceForDelivery(cart.lines, cart.coupon?.discount ?? 0, fee, tax, address.stateCode ?? null),
  };
}

/** The checkout summary's COD line for the chosen address (none chosen: why it cannot say). */
export async function codSummary(
  deps: CodCheckoutDeps,
  db: DbOrTx,
  userId: string,
  cart: CheckoutCartView,
  address: ShippingAddress | null,
  pricing: OrderPricing,
  now: Date,
): Promise<CheckoutCod> {
  if (!address || cart.lines.length === 0) {
    return { available: false, fee: null, reason: COD_MESSAGES.noAddress };
  }
  const offer = await codOffer(deps, db, userId, cart, address, pricing, now);
  return offer.available
    ? { available: true, fee: paiseToRupees(offer.feePaise), reason: null }
    : { available: false, fee: null, reason: offer.reason };
}
