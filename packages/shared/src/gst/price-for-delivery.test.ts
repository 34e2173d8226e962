import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STATE_CODES } from '../india/states';
import { cartTotals } from '../pricing';
import { priceForDelivery } from './price-for-delivery';

const line = fc.record({
  name: fc.constant('Item'),
  quantity: fc.integer({ min: 0, max: 20 }),
  unitPricePaise: fc.integer({ min: 0, max: 5_000_000 }),
  discountPercent: fc.integer({ min: 0, max: 100 }),
  hsn: fc.constantFrom('9405', '6205', '4202'),
  gstRateBp: fc.constantFrom(0, 25, 300, 500, 1200, 1800, 2800, 4000),
});
const fee = fc.record({
  feePaise: fc.integer({ min: 0, max: 50_000 }),
  freeAbovePaise: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }),
});
const state = fc.constantFrom(...STATE_CODES);

describe('priceForDelivery: what checkout and the order charge for an address', () => {
  it('GST: invoice lines sum to the order total to the paisa; CGST = SGST within the state, IGST only across', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 8 }),
        fc.integer({ min: 0, max: 100 }),
        fee,
        state,
        state,
        (lines, coupon, f, shop, to) => {
          const p = priceForDelivery(lines, coupon, f, { mode: 'gst', shopStateCode: shop }, to);
          const sum = p.lines.reduce((a, l) => a + l.totalPaise, 0);
          expect(sum).toBe(p.totals.totalPaise);
          expect(p.taxTotals.totalPaise).toBe(p.totals.totalPaise);
          for (const l of p.lines) {
            expect(l.taxableValuePaise + l.taxPaise).toBe(l.totalPaise);
            if (shop === to) {
              expect(l.cgstPaise).toBe(l.sgstPaise);
              expect(l.igstPaise).toBe(0);
            } else {
              expect(l.cgstPaise + l.sgstPaise).toBe(0);
              expect(l.igstPaise).toBe(l.taxPaise);
            }
          }
        },
      ),
    );
  });

  it('flat: the totals are the cart’s rule with the zone’s fee, and the lines sum to them', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 8 }),
        fc.integer({ min: 0, max: 100 }),
        fee,
        state,
        (lines, coupon, f, to) => {
          const p = priceForDelivery(lines, coupon, f, { mode: 'flat', taxPercent: 10 }, to);
          const rule = cartTotals(
            lines.map((l) => ({
              unitPricePaise: l.unitPricePaise,
              discount: l.discountPercent,
              quantity: l.quantity,
            })),
            coupon,
            { shippingFeePaise: f.feePaise, freeShippingThresholdPaise: f.freeAbovePaise, taxPercent: 10 },
          );
          expect(p.totals).toEqual(rule);
          expect(p.lines.reduce((a, l) => a + l.totalPaise, 0)).toBe(rule.totalPaise);
        },
      ),
    );
  });

  it('the same cart to the same address prices the same, whenever asked (cart, order, invoice agree)', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 5 }), fee, state, (lines, f, to) => {
        const tax = { mode: 'gst', shopStateCode: '29' } as const;
        expect(priceForDelivery(lines, 0, f, tax, to)).toEqual(priceForDelivery(lines, 0, f, tax, to));
        // Before the address is known the total and the included tax are already the final ones.
        const before = priceForDelivery(lines, 0, f, tax, null);
        const after = priceForDelivery(lines, 0, f, tax, to);
        expect(before.totals.totalPaise).toBe(after.totals.totalPaise);
        expect(before.taxTotals.taxPaise).toBe(after.taxTotals.taxPaise);
      }),
    );
  });
});
