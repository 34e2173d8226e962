import type { DeliveryFeeRule } from '../delivery';
import { paiseToRupees } from '../money';
import type { TaxLine } from '../schemas/tax-settings';
import { type OrderLineInput, type OrderPricing, priceOrder, taxDisplay } from './price-order';

/** How the shop taxes, as settings say (settings.taxSetup). */
export type CheckoutTax = { mode: 'flat'; taxPercent: number } | { mode: 'gst'; shopStateCode: string };

export interface PricedLine {
  name: string;
  quantity: number;
  unitPricePaise: number;
  discountPercent: number;
  hsn?: string | null;
  gstRateBp?: number;
}

/**
 * An order priced for its delivery: the delivery zone's fee rule for the address's pincode, and in
 * GST mode the tax split by the address's state (the place of supply; null before one is chosen).
 * The one function cart, checkout summary and order placing call, so their figures agree.
 */
export function priceForDelivery(
  lines: readonly PricedLine[],
  couponPercent: number,
  fee: DeliveryFeeRule,
  tax: CheckoutTax,
  deliveryStateCode: string | null,
): OrderPricing {
  const input: OrderLineInput[] = lines.map((l) => ({
    description: l.name,
    unitPricePaise: l.unitPricePaise,
    discount: l.discountPercent,
    quantity: l.quantity,
    hsn: l.hsn ?? '',
    gstRateBp: l.gstRateBp ?? 0,
  }));
  const settings = {
    shippingFeePaise: fee.feePaise,
    freeShippingThresholdPaise: fee.freeAbovePaise,
    taxPercent: tax.mode === 'flat' ? tax.taxPercent : 0,
  };
  return priceOrder(
    input,
    couponPercent,
    settings,
    tax.mode === 'flat'
      ? { mode: 'flat' }
      : { mode: 'gst', shopStateCode: tax.shopStateCode, deliveryStateCode },
  );
}

/** The tax rows in rupees, as replies carry them. */
export function taxLines(pricing: OrderPricing): TaxLine[] {
  return taxDisplay(pricing).map((row) => ({ label: row.label, amount: paiseToRupees(row.paise) }));
}
