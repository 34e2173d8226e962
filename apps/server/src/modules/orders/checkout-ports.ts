import type { CartTotals, CheckoutTax, CodTerms, DeliveryFeeRule, PricingSettings } from '@bazaar/shared';
import type { DbOrTx } from '../../db/client';

// What checkout needs from the cart and coupon modules, and nothing more: the cart as the shared
// pricing rule prices it, emptying it once paid, and the coupon's own refusal messages.

/** One line of the shopper's cart, priced from the live catalogue. */
export interface CheckoutLine {
  productId: string;
  /** The variant the line sells and its SKU (null only for a line whose variant is gone). */
  variantId: string | null;
  sku: string | null;
  name: string;
  image: string | null;
  colour: string | null;
  size: string | null;
  quantity: number;
  unitPricePaise: number;
  discountPercent: number;
  linePaise: number;
  stock: number;
  hsn: string | null;
  gstRateBp: number;
}

export interface CheckoutCartView {
  cartId: string | null;
  lines: CheckoutLine[];
  /** The applied coupon while it is still usable; an applied one that no longer is prices as none. */
  coupon: { id: string; code: string; discount: number } | null;
  totals: CartTotals;
}

export interface CheckoutCart {
  /** The user's cart, priced now; with `lock`, its row stays locked until the transaction ends. */
  priced(db: DbOrTx, userId: string, options: { lock: boolean }): Promise<CheckoutCartView>;
  clear(db: DbOrTx, userId: string): Promise<unknown>;
}

export interface CouponRules {
  /** Throws the coupon's own message (unknown, expired, used up) when the code cannot be used now. */
  usable(db: DbOrTx, code: string, now: Date): Promise<unknown>;
}

/** What checkout reads from the address book: one of the shopper's own addresses. */
export interface AddressBook {
  find(
    db: DbOrTx,
    userId: string,
    id: string,
  ): Promise<
    | {
        name: string;
        phone: string;
        line1: string;
        line2: string | null;
        landmark: string | null;
        city: string;
        stateCode: string;
        state: string;
        pincode: string;
      }
    | undefined
  >;
}

/** What checkout asks the delivery module: the zone's fee rule for a pincode, or that it is not served. */
export interface DeliveryQuotes {
  quote(
    db: DbOrTx,
    pincode: string,
    afterDiscountsPaise: number,
    now: Date,
  ): Promise<
    { deliverable: true; feeRule: DeliveryFeeRule; codTerms: CodTerms | null } | { deliverable: false }
  >;
}

/** How the shop taxes now (the settings module's taxSetup). */
export interface TaxSetupSource {
  taxSetup(db: DbOrTx): Promise<CheckoutTax>;
  pricing(db: DbOrTx): Promise<PricingSettings>;
}
