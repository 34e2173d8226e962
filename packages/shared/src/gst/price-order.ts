/**
 * One pricing of a cart or order for both tax modes, with the lines an invoice prints.
 *
 * - `flat` (the spec's, the demo's default): the totals are exactly `cartTotals` (the 10% "Tax" added at
 *   checkout, whole rupees). The lines share the order's figures out (decision 158's apportionment) so a
 *   credit note can reverse any part of it.
 * - `gst` ("prices include tax"): every figure in exact paise (decision 160). Per line, the amount after the
 *   product's discount less its share of the coupon (decision 158) is the tax-inclusive value; tax comes
 *   out of it at the line's rate, split CGST + SGST/UTGST when the delivery state is the shop's, IGST
 *   otherwise. Shipping is taxed at the rate of the cart's highest-rated line (decision 159). The total
 *   is the amount after discounts plus shipping: the tax is inside it, never added.
 *
 * In both modes the invoice lines' totals sum to `totals.totalPaise` to the paisa, and every line's
 * taxable value + taxes = its total.
 */
import { deliveryFeePaise } from '../delivery';
import { isStateCode, type StateCode, stateByCode } from '../india/states';
import { formatINR, paiseToRupees } from '../money';
import {
  type CartTotals,
  cartTotals,
  DEFAULT_PRICING,
  lineTotalPaise,
  type PricedLineInput,
  type PricingSettings,
} from '../pricing';
import { apportion } from './arithmetic';
import { splitInclusive } from './line-tax';
import { isRateBp } from './rates';

export type TaxMode = 'flat' | 'gst';

/** A cart line with what an invoice needs; `hsn` and `gstRateBp` are required in GST mode. */
export interface OrderLineInput extends PricedLineInput {
  description?: string;
  hsn?: string;
  /** The product's GST rate in basis points (18% = 1800). */
  gstRateBp?: number;
}

export type TaxSetup =
  | { mode: 'flat' }
  | {
      mode: 'gst';
      shopStateCode: StateCode;
      /** The delivery address's state; null while it is not known yet (a cart before the address). */
      deliveryStateCode: StateCode | null;
    };

/**
 * `intra`: CGST + SGST/UTGST; `inter`: IGST; `unknown`: GST mode before the delivery state is known,
 * with the same total and the same included tax, its split left open; `flat`: the flat tax line.
 */
export type Supply = 'flat' | 'intra' | 'inter' | 'unknown';

export interface InvoiceLine {
  kind: 'goods' | 'shipping';
  /** Position of the input line it prices; null for shipping. */
  source: number | null;
  description: string;
  /** HSN (or SAC) code; shipping carries its principal line's (decision 159). Empty when not given. */
  hsn: string;
  quantity: number;
  /** The catalogue's unit price before the product's discount (tax included in GST mode). */
  unitPricePaise: number;
  /** What the product's own discount takes off the line. */
  productDiscountPaise: number;
  /** The line's share of the coupon discount. */
  couponDiscountPaise: number;
  /** Flat mode only: the line's share of rounding the subtotal up to the rupee (0 in GST mode). */
  roundingPaise: number;
  taxableValuePaise: number;
  /** GST: the line's rate; flat: the shop's tax percent × 100; shipping in flat mode: 0. */
  rateBp: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** All of the line's tax (its GST whatever the split, or its share of the flat tax). */
  taxPaise: number;
  /** taxable value + tax: what the line costs the buyer. */
  totalPaise: number;
}

export interface TaxTotals {
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  totalPaise: number;
}

export interface RateTotals extends TaxTotals {
  rateBp: number;
}

export interface OrderPricing {
  mode: TaxMode;
  supply: Supply;
  /** False in flat mode (tax added), true in GST mode (tax included in the prices). */
  taxIncluded: boolean;
  /** The name of the state's half: SGST, or UTGST when the shop is in a union territory without one. */
  stateTaxName: 'SGST' | 'UTGST';
  /** Flat mode's tax percent (the "Tax (10%)" line); null in GST mode. */
  flatTaxPercent: number | null;
  shopStateCode: StateCode | null;
  placeOfSupplyStateCode: StateCode | null;
  /** The app's totals. In GST mode `taxPaise` is the GST included in `totalPaise`, not added to it. */
  totals: CartTotals;
  /** Goods lines in input order (lines of no quantity left out), then shipping when charged. */
  lines: InvoiceLine[];
  taxTotals: TaxTotals;
  /** The lines summed by rate, lowest first (an invoice's tax summary, GSTR-1's rate-wise figures). */
  byRate: RateTotals[];
}

const nonNegativeInt = (value: number) => Math.max(0, Math.trunc(value));
const percent = (value: number) => Math.min(100, Math.max(0, Math.trunc(value)));

function sumTaxes(lines: readonly TaxTotals[]): TaxTotals {
  const sum: TaxTotals = {
    taxableValuePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    taxPaise: 0,
    totalPaise: 0,
  };
  for (const l of lines) {
    sum.taxableValuePaise += l.taxableValuePaise;
    sum.cgstPaise += l.cgstPaise;
    sum.sgstPaise += l.sgstPaise;
    sum.igstPaise += l.igstPaise;
    sum.taxPaise += l.taxPaise;
    sum.totalPaise += l.totalPaise;
  }
  return sum;
}

function byRate(lines: readonly InvoiceLine[]): RateTotals[] {
  const rates = [...new Set(lines.map((l) => l.rateBp))].sort((a, b) => a - b);
  return rates.map((rateBp) => ({ rateBp, ...sumTaxes(lines.filter((l) => l.rateBp === rateBp)) }));
}

interface Entry {
  line: OrderLineInput;
  source: number;
  quantity: number;
  listPaise: number;
  salePaise: number;
}

function entriesOf(lines: readonly OrderLineInput[]): Entry[] {
  return lines
    .map((line, source) => {
      const quantity = nonNegativeInt(line.quantity);
      return {
        line,
        source,
        quantity,
        listPaise: nonNegativeInt(line.unitPricePaise) * quantity,
        salePaise: lineTotalPaise(line),
      };
    })
    .filter((e) => e.quantity > 0);
}

function goodsLine(e: Entry): Omit<InvoiceLine, 'taxableValuePaise' | 'rateBp' | 'taxPaise' | 'totalPaise'> {
  return {
    kind: 'goods',
    source: e.source,
    description: e.line.description ?? `Item ${e.source + 1}`,
    hsn: e.line.hsn ?? '',
    quantity: e.quantity,
    unitPricePaise: nonNegativeInt(e.line.unitPricePaise),
    productDiscountPaise: e.listPaise - e.salePaise,
    couponDiscountPaise: 0,
    roundingPaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
  };
}

function priceFlat(
  lines: readonly OrderLineInput[],
  couponPercent: number,
  settings: PricingSettings,
): OrderPricing {
  const totals = cartTotals(lines, couponPercent, settings);
  const entries = entriesOf(lines);
  const sale = entries.map((e) => e.salePaise);
  const saleSum = sale.reduce((a, b) => a + b, 0);
  // Decision 158: the subtotal's round-up to the rupee, then the coupon, then the tax, each shared by
  // largest remainder, so every line's share is whole paise and the shares sum exactly.
  const rounding = saleSum > 0 ? apportion(totals.subTotalPaise - saleSum, sale) : sale.map(() => 0);
  const rounded = sale.map((s, i) => s + rounding[i]!);
  const coupon = apportion(totals.couponDiscountPaise, rounded);
  const net = rounded.map((r, i) => r - coupon[i]!);
  const tax = apportion(totals.taxPaise, net);
  const rateBp = percent(settings.taxPercent) * 100;
  const invoiceLines: InvoiceLine[] = entries.map((e, i) => ({
    ...goodsLine(e),
    couponDiscountPaise: coupon[i]!,
    roundingPaise: rounding[i]!,
    taxableValuePaise: net[i]!,
    rateBp,
    taxPaise: tax[i]!,
    totalPaise: net[i]! + tax[i]!,
  }));
  if (totals.shippingPaise > 0) {
    invoiceLines.push({
      kind: 'shipping',
      source: null,
      description: 'Shipping',
      hsn: '',
      quantity: 1,
      unitPricePaise: totals.shippingPaise,
      productDiscountPaise: 0,
      couponDiscountPaise: 0,
      roundingPaise: 0,
      taxableValuePaise: totals.shippingPaise,
      rateBp: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      taxPaise: 0,
      totalPaise: totals.shippingPaise,
    });
  }
  return {
    mode: 'flat',
    supply: 'flat',
    taxIncluded: false,
    stateTaxName: 'SGST',
    flatTaxPercent: percent(settings.taxPercent),
    shopStateCode: null,
    placeOfSupplyStateCode: null,
    totals,
    lines: invoiceLines,
    taxTotals: sumTaxes(invoiceLines),
    byRate: byRate(invoiceLines),
  };
}

function checkState(code: StateCode, what: string) {
  if (!isStateCode(code)) throw new RangeError(`The ${what} ${JSON.stringify(code)} is not one of the 36`);
}

function priceGst(
  lines: readonly OrderLineInput[],
  couponPercent: number,
  settings: PricingSettings,
  shopStateCode: StateCode,
  deliveryStateCode: StateCode | null,
): OrderPricing {
  checkState(shopStateCode, 'shop’s state');
  if (deliveryStateCode !== null) checkState(deliveryStateCode, 'delivery state');
  const supply: Supply =
    deliveryStateCode === null ? 'unknown' : deliveryStateCode === shopStateCode ? 'intra' : 'inter';
  const entries = entriesOf(lines);
  for (const e of entries) {
    if (e.line.gstRateBp === undefined || !isRateBp(e.line.gstRateBp)) {
      throw new RangeError(`Line ${e.source + 1} has no GST rate in basis points (0..10000)`);
    }
  }
  const sale = entries.map((e) => e.salePaise);
  const subTotalPaise = sale.reduce((a, b) => a + b, 0);
  const couponDiscountPaise = Math.floor((subTotalPaise * percent(couponPercent)) / 100);
  const coupon = apportion(couponDiscountPaise, sale);
  const afterDiscountsPaise = subTotalPaise - couponDiscountPaise;
  // The one delivery fee rule the cart, checkout and Check delivery use (packages/shared delivery.ts).
  const shippingPaise =
    entries.length === 0
      ? 0
      : deliveryFeePaise(
          { feePaise: settings.shippingFeePaise, freeAbovePaise: settings.freeShippingThresholdPaise },
          afterDiscountsPaise,
        );

  const split = (inclusive: number, rateBp: number) => {
    const s = splitInclusive(inclusive, rateBp);
    return {
      taxableValuePaise: s.taxableValuePaise,
      rateBp,
      cgstPaise: supply === 'intra' ? s.halfTaxPaise : 0,
      sgstPaise: supply === 'intra' ? s.halfTaxPaise : 0,
      igstPaise: supply === 'inter' ? s.taxPaise : 0,
      taxPaise: s.taxPaise,
      totalPaise: inclusive,
    };
  };
  const invoiceLines: InvoiceLine[] = entries.map((e, i) => ({
    ...goodsLine(e),
    couponDiscountPaise: coupon[i]!,
    ...split(e.salePaise - coupon[i]!, e.line.gstRateBp!),
  }));
  if (shippingPaise > 0) {
    // Decision 159: the principal supply is the highest-rated line (then the larger value, the earlier).
    let principal = invoiceLines[0]!;
    for (const l of invoiceLines) {
      if (
        l.rateBp > principal.rateBp ||
        (l.rateBp === principal.rateBp && l.totalPaise > principal.totalPaise)
      ) {
        principal = l;
      }
    }
    invoiceLines.push({
      kind: 'shipping',
      source: null,
      description: 'Shipping',
      hsn: principal.hsn,
      quantity: 1,
      unitPricePaise: shippingPaise,
      productDiscountPaise: 0,
      couponDiscountPaise: 0,
      roundingPaise: 0,
      ...split(shippingPaise, principal.rateBp),
    });
  }
  const taxTotals = sumTaxes(invoiceLines);
  const totals: CartTotals = {
    subTotalPaise,
    productDiscountPaise: entries.reduce((a, e) => a + e.listPaise - e.salePaise, 0),
    couponDiscountPaise,
    afterDiscountsPaise,
    taxPaise: taxTotals.taxPaise,
    shippingPaise,
    totalPaise: afterDiscountsPaise + shippingPaise,
    totalItems: entries.reduce((a, e) => a + e.quantity, 0),
  };
  return {
    mode: 'gst',
    supply,
    taxIncluded: true,
    stateTaxName: stateByCode(shopStateCode)!.stateTax,
    flatTaxPercent: null,
    shopStateCode,
    placeOfSupplyStateCode: deliveryStateCode,
    totals,
    lines: invoiceLines,
    taxTotals,
    byRate: byRate(invoiceLines),
  };
}

/**
 * Prices a cart or an order in the shop's tax mode. `couponPercent` is the applied coupon's percent
 * (0 for none); `settings` the shop's delivery figures (and, in flat mode, its tax percent).
 */
export function priceOrder(
  lines: readonly OrderLineInput[],
  couponPercent: number,
  settings: PricingSettings,
  setup: TaxSetup,
): OrderPricing {
  return setup.mode === 'flat'
    ? priceFlat(lines, couponPercent, settings)
    : priceGst(lines, couponPercent, settings, setup.shopStateCode, setup.deliveryStateCode);
}

/** GST mode's totals in the shape the cart, checkout and order already use. */
export function gstCartTotals(
  lines: readonly OrderLineInput[],
  couponPercent: number,
  shopStateCode: StateCode,
  deliveryStateCode: StateCode | null = null,
  settings: PricingSettings = DEFAULT_PRICING,
): CartTotals {
  return priceGst(lines, couponPercent, settings, shopStateCode, deliveryStateCode).totals;
}

export interface TaxDisplayRow {
  label: string;
  paise: number;
}

/**
 * The tax rows a cart, checkout or order shows: flat mode's "Tax (10%)"; in GST mode "incl. GST" with,
 * once the delivery state is known, its split ("CGST" and "SGST"/"UTGST", or "IGST").
 */
export function taxDisplay(pricing: OrderPricing): TaxDisplayRow[] {
  const t = pricing.taxTotals;
  switch (pricing.supply) {
    case 'flat':
      return [{ label: `Tax (${pricing.flatTaxPercent}%)`, paise: t.taxPaise }];
    case 'unknown':
      return [{ label: 'incl. GST', paise: t.taxPaise }];
    case 'intra':
      return [
        { label: 'incl. GST', paise: t.taxPaise },
        { label: 'CGST', paise: t.cgstPaise },
        { label: pricing.stateTaxName, paise: t.sgstPaise },
      ];
    case 'inter':
      return [
        { label: 'incl. GST', paise: t.taxPaise },
        { label: 'IGST', paise: t.igstPaise },
      ];
  }
}

/** "incl. GST ₹81.36": the figure beside a GST-mode total. */
export function inclGstText(taxPaise: number): string {
  return `incl. GST ${formatINR(paiseToRupees(taxPaise))}`;
}
