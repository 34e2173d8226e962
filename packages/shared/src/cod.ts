/**
 * Cash on delivery: where it is offered (a delivery zone's terms), what it costs and for which order
 * values; shared by the server (which alone decides) and the browser (which shows the answer). Paise.
 */
import { formatINR, paiseToRupees } from './money';

/** A delivery zone's cash-on-delivery terms: its fee and the order values it is offered for. */
export interface CodTerms {
  feePaise: number;
  /** Orders worth less than this are not taken on delivery. */
  minOrderPaise: number;
  /** Orders worth more are not taken on delivery (too much cash at the door); null: no maximum. */
  maxOrderPaise: number | null;
}

/** Shop-wide limits of cash on delivery (the two a shop sets are in its settings: COD_SETTINGS_LIMITS). */
export const COD_LIMITS = {
  /** An order not confirmed within this many hours is cancelled by the shop (stock and coupon back). */
  confirmHours: 24,
} as const;

/**
 * The bounds of the shop's COD settings (the database's CHECK holds the same): open COD orders
 * (placed, not yet delivered or ended) one account may have at once, default 2; and after how many
 * parcels Returned to origin an account is refused COD, default 0, which never refuses (decision 220).
 */
export const COD_SETTINGS_LIMITS = {
  maxOpenOrders: { min: 1, max: 100, default: 2 },
  refuseAfterRto: { min: 0, max: 100, default: 0 },
} as const;

/** The shop's COD settings as checkout applies them. */
export interface CodRules {
  maxOpenOrders: number;
  /** 0: never refused for returned parcels. */
  refuseAfterRto: number;
}

/** What paying on delivery would mean for an order: its fee, or why it is not offered. */
export type CodQuote = { available: true; feePaise: number } | { available: false; reason: string };

const inr = (paise: number) => formatINR(paiseToRupees(paise));

export const COD_MESSAGES = {
  notOffered: 'Cash on delivery is not available for this pincode. Please pay online.',
  noAddress: 'Choose a delivery address to see whether cash on delivery is available.',
} as const;

/** Why COD is refused to an account over the shop's open-orders limit. */
export function codOpenOrdersMessage(open: number): string {
  return `You already have ${open} cash-on-delivery ${open === 1 ? 'order' : 'orders'} on their way. Please pay online, or wait until one is delivered.`;
}

/** Why COD is refused to an account whose parcels came back refused (the shop's setting). */
export function codReturnedParcelsMessage(returned: number): string {
  return `Cash on delivery is not available for your account because ${returned === 1 ? 'an earlier parcel was' : `${returned} earlier parcels were`} refused at delivery and returned to us. Please pay online.`;
}

/**
 * Cash on delivery for an order worth `orderPaise` (its total before any COD fee) under a zone's
 * `terms` (null: the zone does not offer it): available with the zone's fee when the value lies
 * within the zone's minimum and maximum, both included; otherwise the reason, for the shopper.
 */
export function codQuote(terms: CodTerms | null, orderPaise: number): CodQuote {
  if (!terms) return { available: false, reason: COD_MESSAGES.notOffered };
  if (orderPaise < terms.minOrderPaise) {
    return {
      available: false,
      reason: `Cash on delivery is available for orders of ${inr(terms.minOrderPaise)} or more.`,
    };
  }
  if (terms.maxOrderPaise !== null && orderPaise > terms.maxOrderPaise) {
    return {
      available: false,
      reason: `Cash on delivery is available for orders up to ${inr(terms.maxOrderPaise)}. Please pay online.`,
    };
  }
  return { available: true, feePaise: Math.max(0, Math.trunc(terms.feePaise)) };
}

/**
 * The delivery charge of an order paid on delivery: the zone's delivery fee (after its free-above
 * rule) plus the COD fee, which no free-delivery threshold waives. Integer paise, never negative.
 */
export function codDeliveryChargePaise(deliveryFeePaise: number, codFeePaise: number): number {
  return Math.max(0, deliveryFeePaise) + Math.max(0, codFeePaise);
}
