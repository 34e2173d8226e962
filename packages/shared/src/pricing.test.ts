import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountedPaise, paiseToRupees, rupeesToPaise } from './money';
import {
  type CartTotals,
  cartTotals,
  DEFAULT_PRICING,
  guestPricedLine,
  type PricedLineInput,
  type PricingSettings,
} from './pricing';

const line = fc.record({
  unitPricePaise: fc.integer({ min: 1, max: 10_000_000 }),
  discount: fc.integer({ min: 0, max: 100 }),
  quantity: fc.integer({ min: 1, max: 99 }),
});
const lines = fc.array(line, { maxLength: 100 });
const coupon = fc.integer({ min: 0, max: 100 });
const settings = fc.record({
  shippingFeePaise: fc.integer({ min: 0, max: 100_000 }),
  freeShippingThresholdPaise: fc.integer({ min: 0, max: 1_000_000 }),
  taxPercent: fc.integer({ min: 0, max: 30 }),
});

const figures = (t: CartTotals) => [
  t.subTotalPaise,
  t.productDiscountPaise,
  t.couponDiscountPaise,
  t.afterDiscountsPaise,
  t.taxPaise,
  t.shippingPaise,
  t.totalPaise,
];

describe('cartTotals: the spec’s worked rules', () => {
  it('rounds the subtotal up, the coupon discount and tax down, to whole rupees', () => {
    // ₹99.95 at 10% off → ₹89.96 (the fraction of a paisa is dropped from the discount); two of them ₹179.92.
    const t = cartTotals([{ unitPricePaise: 9995, discount: 10, quantity: 2 }], 15);
    expect(t.subTotalPaise).toBe(18_000); // ₹179.92 up to ₹180
    expect(t.couponDiscountPaise).toBe(2_700); // 15% of ₹180 = ₹27
    expect(t.afterDiscountsPaise).toBe(15_300);
    expect(t.taxPaise).toBe(1_500); // 10% of ₹153 = ₹15.30, down to ₹15
    expect(t.shippingPaise).toBe(0); // ₹153 reaches the ₹140 threshold
    expect(t.totalPaise).toBe(16_800);
    expect(t.totalItems).toBe(2);
    expect(t.productDiscountPaise).toBe(2 * 999);
  });

  it('charges ₹50 delivery below the threshold and none from it', () => {
    const below = cartTotals([{ unitPricePaise: 13_900, discount: 0, quantity: 1 }]);
    expect(below.shippingPaise).toBe(5_000);
    expect(below.totalPaise).toBe(13_900 + 1_300 + 5_000);
    const at = cartTotals([{ unitPricePaise: 14_000, discount: 0, quantity: 1 }]);
    expect(at.shippingPaise).toBe(0);
  });

  it('reckons free delivery after the coupon, so a coupon can bring delivery back', () => {
    const t = cartTotals([{ unitPricePaise: 15_000, discount: 0, quantity: 1 }], 10);
    expect(t.afterDiscountsPaise).toBe(13_500);
    expect(t.shippingPaise).toBe(5_000);
  });

  it('follows the shop’s own delivery figures', () => {
    const shop: PricingSettings = {
      shippingFeePaise: 7_550,
      freeShippingThresholdPaise: 50_000,
      taxPercent: 10,
    };
    const t = cartTotals([{ unitPricePaise: 20_000, discount: 0, quantity: 2 }], 0, shop);
    expect(t.shippingPaise).toBe(7_600); // a fee with paise is rounded up like the spec's shipping
  });

  it('costs nothing for an empty cart', () => {
    expect(figures(cartTotals([], 50)).every((n) => n === 0)).toBe(true);
    expect(cartTotals([]).totalItems).toBe(0);
  });

  it('a 100% coupon leaves only delivery to pay', () => {
    const t = cartTotals([{ unitPricePaise: 20_000, discount: 0, quantity: 1 }], 100);
    expect(t.afterDiscountsPaise).toBe(0);
    expect(t.taxPaise).toBe(0);
    expect(t.totalPaise).toBe(DEFAULT_PRICING.shippingFeePaise);
  });
});

describe('cartTotals: properties', () => {
  it('never yields a negative figure, and every figure but the product saving is whole rupees', () => {
    fc.assert(
      fc.property(lines, coupon, settings, (ls, c, s) => {
        const t = cartTotals(ls, c, s);
        expect(figures(t).every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
        for (const n of [t.subTotalPaise, t.couponDiscountPaise, t.taxPaise, t.shippingPaise, t.totalPaise]) {
          expect(n % 100).toBe(0);
        }
      }),
    );
  });

  it('the total equals its parts', () => {
    fc.assert(
      fc.property(lines, coupon, settings, (ls, c, s) => {
        const t = cartTotals(ls, c, s);
        expect(t.afterDiscountsPaise).toBe(t.subTotalPaise - t.couponDiscountPaise);
        expect(t.totalPaise).toBe(t.subTotalPaise - t.couponDiscountPaise + t.taxPaise + t.shippingPaise);
      }),
    );
  });

  it('the subtotal is the sale-price sum rounded up by less than a rupee', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const sum = ls.reduce((a, l) => a + discountedPaise(l.unitPricePaise, l.discount) * l.quantity, 0);
        const t = cartTotals(ls);
        expect(t.subTotalPaise).toBeGreaterThanOrEqual(sum);
        expect(t.subTotalPaise - sum).toBeLessThan(100);
      }),
    );
  });

  it('does not depend on the order of the lines or on how a quantity is split across equal lines', () => {
    fc.assert(
      fc.property(lines, coupon, fc.integer({ min: 0, max: 1000 }), (ls, c, seed) => {
        const shuffled = [...ls].sort(
          (a, b) => ((a.unitPricePaise * seed) % 97) - ((b.unitPricePaise * seed) % 97),
        );
        expect(cartTotals(shuffled, c)).toEqual(cartTotals(ls, c));
        const split: PricedLineInput[] = ls.flatMap((l) =>
          l.quantity > 1
            ? [
                { ...l, quantity: 1 },
                { ...l, quantity: l.quantity - 1 },
              ]
            : [l],
        );
        expect(cartTotals(split, c)).toEqual(cartTotals(ls, c));
      }),
    );
  });

  it('a bigger coupon never costs the shopper more before delivery', () => {
    fc.assert(
      fc.property(lines, coupon, coupon, (ls, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const tLo = cartTotals(ls, lo);
        const tHi = cartTotals(ls, hi);
        expect(tHi.afterDiscountsPaise + tHi.taxPaise).toBeLessThanOrEqual(
          tLo.afterDiscountsPaise + tLo.taxPaise,
        );
      }),
    );
  });
});

describe('cartTotals: the guest cart and the server cart agree', () => {
  it('gives the same totals for the same lines, whether kept in rupees in the browser or in paise on the server', () => {
    fc.assert(
      fc.property(lines, coupon, settings, (ls, c, s) => {
        // The browser keeps what the API replied: prices in rupees, quantities as `qty`.
        const guest = ls.map((l) =>
          guestPricedLine({ price: paiseToRupees(l.unitPricePaise), discount: l.discount, qty: l.quantity }),
        );
        expect(cartTotals(guest, c, s)).toEqual(cartTotals(ls, c, s));
      }),
    );
  });

  it('every figure survives the trip to rupees in a reply and back', () => {
    fc.assert(
      fc.property(lines, coupon, (ls, c) => {
        for (const n of figures(cartTotals(ls, c))) expect(rupeesToPaise(paiseToRupees(n))).toBe(n);
      }),
    );
  });
});
