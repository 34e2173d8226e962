/**
 * The one rule that turns cart lines into totals. The guest cart in the browser, the server cart, the
 * checkout and the order all call this function, so the same lines always give the same figures.
 *
 * Everything is integer paise. Following the spec's table, the subtotal and shipping are rounded up and
 * every other amount down, each to whole rupees, so every figure a shopper sees is a whole rupee and the
 * payment amount (total × 100 paise) needs no further rounding.
 */
import { deliveryFeePaise } from './delivery';
import { discountedPaise, PAISE_PER_RUPEE, rupeesToPaise } from './money';

/** One cart line as pricing needs it: the catalogue price, the product's own discount and a quantity. */
export interface PricedLineInput {
  unitPricePaise: number;
  /** The product's discount, percent 0..100. */
  discount: number;
  quantity: number;
}

/** The delivery figures (the default delivery zone's fee rule) and the tax rate. */
export interface PricingSettings {
  shippingFeePaise: number;
  /** Delivery is free once the amount after discounts reaches this; null: never free. */
  freeShippingThresholdPaise: number | null;
  /** Percent of the amount after discounts. */
  taxPercent: number;
}

export const DEFAULT_PRICING: PricingSettings = {
  shippingFeePaise: 50 * PAISE_PER_RUPEE,
  freeShippingThresholdPaise: 140 * PAISE_PER_RUPEE,
  taxPercent: 10,
};

export interface CartTotals {
  /** Sum of the lines at their sale prices, rounded up to whole rupees. */
  subTotalPaise: number;
  /** What the products' own discounts saved against their list prices (for display). */
  productDiscountPaise: number;
  /** The coupon's percent of the subtotal, rounded down. */
  couponDiscountPaise: number;
  /** Subtotal less the coupon discount: what tax and free delivery are reckoned on. */
  afterDiscountsPaise: number;
  taxPaise: number;
  shippingPaise: number;
  totalPaise: number;
  /** Units in the cart (the header's cart badge). */
  totalItems: number;
}

const roundUpToRupee = (paise: number) => Math.ceil(paise / PAISE_PER_RUPEE) * PAISE_PER_RUPEE;
const roundDownToRupee = (paise: number) => Math.floor(paise / PAISE_PER_RUPEE) * PAISE_PER_RUPEE;
const percent = (value: number) => Math.min(100, Math.max(0, Math.trunc(value)));
const nonNegativeInt = (value: number) => Math.max(0, Math.trunc(value));

/** A line's price after the product's own discount, times its quantity. */
export function lineTotalPaise(line: PricedLineInput): number {
  return discountedPaise(nonNegativeInt(line.unitPricePaise), line.discount) * nonNegativeInt(line.quantity);
}

/**
 * Totals of a cart. An empty cart costs nothing (no delivery either). `couponPercent` is the applied
 * coupon's discount, percent 0..100, or 0 for none.
 */
export function cartTotals(
  lines: readonly PricedLineInput[],
  couponPercent = 0,
  settings: PricingSettings = DEFAULT_PRICING,
): CartTotals {
  let listPaise = 0;
  let salePaise = 0;
  let totalItems = 0;
  for (const line of lines) {
    const quantity = nonNegativeInt(line.quantity);
    listPaise += nonNegativeInt(line.unitPricePaise) * quantity;
    salePaise += lineTotalPaise(line);
    totalItems += quantity;
  }
  if (totalItems === 0) {
    return {
      subTotalPaise: 0,
      productDiscountPaise: 0,
      couponDiscountPaise: 0,
      afterDiscountsPaise: 0,
      taxPaise: 0,
      shippingPaise: 0,
      totalPaise: 0,
      totalItems: 0,
    };
  }
  const subTotalPaise = roundUpToRupee(salePaise);
  const couponDiscountPaise = roundDownToRupee((subTotalPaise * percent(couponPercent)) / 100);
  const afterDiscountsPaise = subTotalPaise - couponDiscountPaise;
  const taxPaise = roundDownToRupee((afterDiscountsPaise * percent(settings.taxPercent)) / 100);
  const shippingPaise = deliveryFeePaise(
    { feePaise: settings.shippingFeePaise, freeAbovePaise: settings.freeShippingThresholdPaise },
    afterDiscountsPaise,
  );
  return {
    subTotalPaise,
    productDiscountPaise: listPaise - salePaise,
    couponDiscountPaise,
    afterDiscountsPaise,
    taxPaise,
    shippingPaise,
    totalPaise: afterDiscountsPaise + taxPaise + shippingPaise,
    totalItems,
  };
}

/** What the payment provider is asked to collect: the total, in paise (the spec's total × 100). */
export function paymentAmountPaise(totals: CartTotals): number {
  return totals.totalPaise;
}

/**
 * A line as the browser keeps it (the guest cart: price in rupees before the product discount, the
 * spec's `qty`) in the form the rule takes, so the guest cart is priced by the same function.
 */
export function guestPricedLine(line: { price: number; discount: number; qty: number }): PricedLineInput {
  return { unitPricePaise: rupeesToPaise(line.price), discount: line.discount, quantity: line.qty };
}
