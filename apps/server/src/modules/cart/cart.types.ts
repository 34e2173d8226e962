import type { CartChange, CartTotals, TaxLine } from '@bazaar/shared';

/** One line of a signed-in cart, priced from the live catalogue (never the catalogue's cached replies). */
export interface PricedCartLine {
  /** The line's own id. */
  lineId: string;
  productId: string;
  /** The variant the line sells (its colour and size) and its SKU. */
  variantId: string | null;
  sku: string | null;
  name: string;
  /** URL of the product's main picture. */
  image: string | null;
  /** null when none was chosen (the product offers none, or the shopper added it from a card). */
  colour: string | null;
  size: string | null;
  quantity: number;
  /** The product's list price now. */
  unitPricePaise: number;
  /** The product's own discount now, percent. */
  discountPercent: number;
  /** Sale price × quantity. */
  linePaise: number;
  /** Units of the line's variant in stock now. A line may hold more (stock fell since it was added); checkout decides. */
  stock: number;
  /** The product's HSN code and GST rate (basis points), for GST mode. */
  hsn: string | null;
  gstRateBp: number;
  /** The product's own choices (the cart page shows them). */
  colours: string[];
  sizes: string[];
}

/**
 * A user's cart as the shared pricing rule prices it today. `cartId` is null when the user has no cart
 * row yet (then there are no lines). `coupon` is the applied coupon while it is still usable; one that
 * expired or ran out since it was applied prices as none (checkout re-checks it with `coupons.usable`).
 */
export interface PricedCart {
  cartId: string | null;
  lines: PricedCartLine[];
  coupon: { id: string; code: string; discount: number } | null;
  totals: CartTotals;
  /** Whether the tax is inside the prices (GST mode), and the rows to show. */
  tax: { included: boolean; lines: TaxLine[] };
}

/** What a merge of the guest cart gives back: the cart, and what did not come across as the guest had it. */
export interface MergedCart extends PricedCart {
  changes: CartChange[];
  /** Why the guest's coupon was not applied; null when it was, or when none came. */
  couponRefusal: string | null;
}

/** A line's choice: a colour and a size, each null when none was chosen. */
export interface CartVariant {
  colour: string | null;
  size: string | null;
}
