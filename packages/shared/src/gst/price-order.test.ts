import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STATE_CODES } from '../india/states';
import { cartTotals, DEFAULT_PRICING, lineTotalPaise, type PricingSettings } from '../pricing';
import {
  gstCartTotals,
  inclGstText,
  type OrderLineInput,
  type OrderPricing,
  priceOrder,
  type TaxSetup,
  taxDisplay,
} from './price-order';

const RATES = [0, 25, 150, 300, 500, 1200, 1800, 2800, 4000];
const rate = fc.oneof(fc.constantFrom(...RATES), fc.integer({ min: 0, max: 10_000 }));
const hsn = fc.stringMatching(/^[0-9]{4}([0-9]{2}([0-9]{2})?)?$/);
const line: fc.Arbitrary<OrderLineInput> = fc.record({
  unitPricePaise: fc.integer({ min: 1, max: 10_000_000 }),
  discount: fc.integer({ min: 0, max: 100 }),
  quantity: fc.integer({ min: 0, max: 99 }),
  gstRateBp: rate,
  hsn,
});
const lines = fc.array(line, { maxLength: 40 });
const coupon = fc.integer({ min: 0, max: 100 });
const settings: fc.Arbitrary<PricingSettings> = fc.record({
  shippingFeePaise: fc.integer({ min: 0, max: 100_000 }),
  freeShippingThresholdPaise: fc.integer({ min: 0, max: 1_000_000 }),
  taxPercent: fc.integer({ min: 0, max: 30 }),
});
const state = fc.constantFrom(...STATE_CODES);
const setup: fc.Arbitrary<TaxSetup> = fc.oneof(
  fc.constant({ mode: 'flat' as const }),
  fc.record({ mode: fc.constant('gst' as const), shopStateCode: state, deliveryStateCode: fc.option(state) }),
);

const sum = (ns: readonly number[]) => ns.reduce((a, b) => a + b, 0);

function expectBalanced(p: OrderPricing) {
  expect(sum(p.lines.map((l) => l.totalPaise))).toBe(p.totals.totalPaise);
  for (const l of p.lines) {
    for (const n of [
      l.taxableValuePaise,
      l.cgstPaise,
      l.sgstPaise,
      l.igstPaise,
      l.taxPaise,
      l.totalPaise,
      l.couponDiscountPaise,
      l.productDiscountPaise,
      l.roundingPaise,
    ]) {
      expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
    }
    expect(l.taxableValuePaise + l.taxPaise).toBe(l.totalPaise);
  }
  const t = p.taxTotals;
  expect(t.totalPaise).toBe(p.totals.totalPaise);
  expect(t.taxableValuePaise + t.taxPaise).toBe(t.totalPaise);
  expect(sum(p.byRate.map((r) => r.totalPaise))).toBe(t.totalPaise);
  expect(sum(p.byRate.map((r) => r.taxPaise))).toBe(t.taxPaise);
}

describe('priceOrder in flat mode', () => {
  it('gives exactly cartTotals, for any cart', () => {
    fc.assert(
      fc.property(lines, coupon, settings, (ls, c, s) => {
        expect(priceOrder(ls, c, s, { mode: 'flat' }).totals).toEqual(cartTotals(ls, c, s));
      }),
    );
  });

  it('shares the rupee rounding, the coupon and the tax over the lines so they sum to the total', () => {
    fc.assert(
      fc.property(lines, coupon, settings, (ls, c, s) => {
        const p = priceOrder(ls, c, s, { mode: 'flat' });
        expectBalanced(p);
        const goods = p.lines.filter((l) => l.kind === 'goods');
        expect(sum(goods.map((l) => l.roundingPaise))).toBe(
          p.totals.subTotalPaise - sum(ls.map(lineTotalPaise)),
        );
        expect(sum(goods.map((l) => l.couponDiscountPaise))).toBe(p.totals.couponDiscountPaise);
        expect(sum(p.lines.map((l) => l.taxPaise))).toBe(p.totals.taxPaise);
        expect(p.lines.every((l) => l.cgstPaise + l.sgstPaise + l.igstPaise === 0)).toBe(true);
      }),
    );
  });

  it('prices the spec’s worked cart line by line', () => {
    // ₹99.95 at 10% off, two of them, a 15% coupon: subtotal ₹180, coupon ₹27, tax ₹15, no delivery.
    const p = priceOrder([{ unitPricePaise: 9995, discount: 10, quantity: 2 }], 15, DEFAULT_PRICING, {
      mode: 'flat',
    });
    expect(p.lines).toEqual([
      expect.objectContaining({
        kind: 'goods',
        quantity: 2,
        productDiscountPaise: 1998,
        roundingPaise: 8,
        couponDiscountPaise: 2700,
        taxableValuePaise: 15_300,
        rateBp: 1000,
        taxPaise: 1500,
        totalPaise: 16_800,
      }),
    ]);
    expect(taxDisplay(p)).toEqual([{ label: 'Tax (10%)', paise: 1500 }]);
  });
});

describe('priceOrder in GST mode', () => {
  const kurta = {
    unitPricePaise: 118_000,
    discount: 0,
    quantity: 1,
    gstRateBp: 1800,
    hsn: '6211',
    description: 'Kurta',
  };
  const book = {
    unitPricePaise: 50_000,
    discount: 0,
    quantity: 2,
    gstRateBp: 0,
    hsn: '4901',
    description: 'Book',
  };
  const tea = {
    unitPricePaise: 31_500,
    discount: 0,
    quantity: 1,
    gstRateBp: 500,
    hsn: '0902',
    description: 'Tea',
  };

  it('takes 18% out of ₹1,180 as CGST ₹90 + SGST ₹90 within the state, IGST ₹180 across', () => {
    const intra = priceOrder([kurta], 0, DEFAULT_PRICING, {
      mode: 'gst',
      shopStateCode: '29',
      deliveryStateCode: '29',
    });
    expect(intra.lines[0]).toMatchObject({
      taxableValuePaise: 100_000,
      cgstPaise: 9000,
      sgstPaise: 9000,
      igstPaise: 0,
    });
    expect(intra.totals).toMatchObject({
      subTotalPaise: 118_000,
      taxPaise: 18_000,
      shippingPaise: 0,
      totalPaise: 118_000,
    });
    expect(taxDisplay(intra)).toEqual([
      { label: 'incl. GST', paise: 18_000 },
      { label: 'CGST', paise: 9000 },
      { label: 'SGST', paise: 9000 },
    ]);
    const inter = priceOrder([kurta], 0, DEFAULT_PRICING, {
      mode: 'gst',
      shopStateCode: '29',
      deliveryStateCode: '27',
    });
    expect(inter.lines[0]).toMatchObject({
      taxableValuePaise: 100_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_000,
    });
    expect(inter.placeOfSupplyStateCode).toBe('27');
    expect(taxDisplay(inter)).toEqual([
      { label: 'incl. GST', paise: 18_000 },
      { label: 'IGST', paise: 18_000 },
    ]);
    expect(inclGstText(18_000)).toBe('incl. GST ₹180');
  });

  it('names the state half UTGST in a union territory without a legislature', () => {
    const p = priceOrder([kurta], 0, DEFAULT_PRICING, {
      mode: 'gst',
      shopStateCode: '04',
      deliveryStateCode: '04',
    });
    expect(p.stateTaxName).toBe('UTGST');
    expect(taxDisplay(p).map((r) => r.label)).toEqual(['incl. GST', 'CGST', 'UTGST']);
  });

  it('shares the coupon in proportion and taxes shipping at the highest rate in the cart', () => {
    // ₹315 tea and a ₹100 kurta, a 10% coupon: ₹41.50 off, ₹31.50 of it on the tea.
    const p = priceOrder([tea, { ...kurta, unitPricePaise: 10_000 }], 10, DEFAULT_PRICING, {
      mode: 'gst',
      shopStateCode: '07',
      deliveryStateCode: '09',
    });
    expect(p.totals.couponDiscountPaise).toBe(4150);
    expect(p.lines.map((l) => l.couponDiscountPaise)).toEqual([3150, 1000]);
    const small = priceOrder([tea, { ...kurta, unitPricePaise: 1000 }], 60, DEFAULT_PRICING, {
      mode: 'gst',
      shopStateCode: '07',
      deliveryStateCode: '09',
    });
    // Below ₹140 after the coupon: ₹50 delivery, taxed at the kurta's 18% and under its HSN.
    const shipping = small.lines.at(-1)!;
    expect(shipping).toMatchObject({ kind: 'shipping', hsn: '6211', rateBp: 1800, totalPaise: 5000 });
    // IGST is the two halves rounded (381.36 → 381, twice), so 762 where 762.71 rounds to 763 (decision 160).
    expect(shipping.igstPaise).toBe(762);
    expect(small.totals.totalPaise).toBe(small.totals.afterDiscountsPaise + 5000);
  });

  it('keeps exact paise: no rupee rounding of the subtotal, coupon or fee', () => {
    const p = priceOrder(
      [{ ...book, unitPricePaise: 9995, discount: 10, quantity: 1 }],
      15,
      DEFAULT_PRICING,
      {
        mode: 'gst',
        shopStateCode: '29',
        deliveryStateCode: null,
      },
    );
    expect(p.totals).toMatchObject({
      subTotalPaise: 8996,
      couponDiscountPaise: 1349,
      afterDiscountsPaise: 7647,
    });
    expect(p.totals.totalPaise).toBe(7647 + 5000);
  });

  it('balances every invoice to the paisa, for any cart, coupon, shipping and delivery state', () => {
    fc.assert(
      fc.property(lines, coupon, settings, setup, (ls, c, s, t) => {
        expectBalanced(priceOrder(ls, c, s, t));
      }),
    );
  });

  it('splits CGST = SGST within the state, IGST across it, and nothing before the state is known', () => {
    fc.assert(
      fc.property(lines, coupon, settings, state, state, (ls, c, s, shop, delivery) => {
        const p = priceOrder(ls, c, s, { mode: 'gst', shopStateCode: shop, deliveryStateCode: delivery });
        for (const l of [...p.lines, p.taxTotals]) {
          if (shop === delivery) {
            expect(l.cgstPaise).toBe(l.sgstPaise);
            expect(l.cgstPaise + l.sgstPaise).toBe(l.taxPaise);
            expect(l.igstPaise).toBe(0);
          } else {
            expect(l.igstPaise).toBe(l.taxPaise);
            expect(l.cgstPaise + l.sgstPaise).toBe(0);
          }
        }
        expect(p.supply).toBe(shop === delivery ? 'intra' : 'inter');
      }),
    );
  });

  it('gives the same total, included tax and taxable values whether the state is known or not', () => {
    fc.assert(
      fc.property(lines, coupon, settings, state, state, (ls, c, s, shop, delivery) => {
        const before = priceOrder(ls, c, s, { mode: 'gst', shopStateCode: shop, deliveryStateCode: null });
        const after = priceOrder(ls, c, s, { mode: 'gst', shopStateCode: shop, deliveryStateCode: delivery });
        expect(before.totals).toEqual(after.totals);
        expect(before.lines.map((l) => [l.taxableValuePaise, l.taxPaise])).toEqual(
          after.lines.map((l) => [l.taxableValuePaise, l.taxPaise]),
        );
        expect(before.lines.every((l) => l.cgstPaise + l.sgstPaise + l.igstPaise === 0)).toBe(true);
        expect(before.supply).toBe('unknown');
        expect(gstCartTotals(ls, c, shop, null, s)).toEqual(before.totals);
      }),
    );
  });

  it('follows the written rules: the coupon share, the tax at the line’s rate, shipping at the top rate', () => {
    fc.assert(
      fc.property(lines, coupon, settings, (ls, c, s) => {
        const p = priceOrder(ls, c, s, { mode: 'gst', shopStateCode: '27', deliveryStateCode: '29' });
        const goods = p.lines.filter((l) => l.kind === 'goods');
        const sale = goods.map((l) => lineTotalPaise(ls[l.source!]!));
        expect(p.totals.subTotalPaise).toBe(sum(sale));
        expect(p.totals.couponDiscountPaise).toBe(Math.floor((sum(sale) * c) / 100));
        expect(sum(goods.map((l) => l.couponDiscountPaise))).toBe(p.totals.couponDiscountPaise);
        goods.forEach((l, i) => {
          const exactShare = (p.totals.couponDiscountPaise * sale[i]!) / (sum(sale) || 1);
          expect(Math.abs(l.couponDiscountPaise - exactShare)).toBeLessThan(1 + 1e-6);
          expect(l.totalPaise).toBe(sale[i]! - l.couponDiscountPaise);
          expect(l.rateBp).toBe(ls[l.source!]!.gstRateBp);
          const exactTax = (l.totalPaise * l.rateBp) / (10_000 + l.rateBp);
          expect(Math.abs(l.taxPaise - exactTax)).toBeLessThanOrEqual(1 + 1e-6);
        });
        const shipping = p.lines.filter((l) => l.kind === 'shipping');
        expect(shipping.length).toBe(p.totals.shippingPaise > 0 ? 1 : 0);
        if (shipping[0]) {
          expect(shipping[0].rateBp).toBe(Math.max(...goods.map((l) => l.rateBp)));
          // The fee as the one delivery rule charges it (whole rupees, rounded up).
          expect(shipping[0].totalPaise).toBe(Math.ceil(s.shippingFeePaise / 100) * 100);
        }
        expect(p.totals.totalPaise).toBe(p.totals.afterDiscountsPaise + p.totals.shippingPaise);
        expect(p.totals.taxPaise).toBe(p.taxTotals.taxPaise);
      }),
    );
  });

  it('costs nothing for an empty cart and refuses a line without a rate or a state outside the 36', () => {
    const empty = priceOrder([], 50, DEFAULT_PRICING, {
      mode: 'gst',
      shopStateCode: '29',
      deliveryStateCode: '29',
    });
    expect(empty.lines).toEqual([]);
    expect(empty.totals).toEqual(cartTotals([]));
    expect(() =>
      priceOrder([{ unitPricePaise: 100, discount: 0, quantity: 1 }], 0, DEFAULT_PRICING, {
        mode: 'gst',
        shopStateCode: '29',
        deliveryStateCode: null,
      }),
    ).toThrow(/Line 1 has no GST rate/);
    expect(() =>
      priceOrder([kurta], 0, DEFAULT_PRICING, { mode: 'gst', shopStateCode: '97', deliveryStateCode: null }),
    ).toThrow(RangeError);
  });
});
