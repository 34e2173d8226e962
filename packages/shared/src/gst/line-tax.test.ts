import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitInclusive } from './line-tax';

describe('tax inside an inclusive amount', () => {
  it('takes 18% out of ₹1,180 as ₹1,000 + ₹90 + ₹90', () => {
    expect(splitInclusive(118_000, 1800)).toEqual({
      taxableValuePaise: 100_000,
      halfTaxPaise: 9_000,
      taxPaise: 18_000,
    });
  });

  it('rounds each half to the nearest paisa, halves up', () => {
    // ₹1 at 18%: each half is 100 × 1800 / 23600 = 7.63 paise → 8.
    expect(splitInclusive(100, 1800)).toEqual({ taxableValuePaise: 84, halfTaxPaise: 8, taxPaise: 16 });
    // 0.25% on ₹10,000.00: each half 1,000,000 × 25 / 20050 = 1246.88 → 1247.
    expect(splitInclusive(1_000_000, 25)).toEqual({
      taxableValuePaise: 997_506,
      halfTaxPaise: 1_247,
      taxPaise: 2_494,
    });
    expect(splitInclusive(0, 1800).taxPaise).toBe(0);
    expect(splitInclusive(12_345, 0)).toEqual({ taxableValuePaise: 12_345, halfTaxPaise: 0, taxPaise: 0 });
  });

  it('always sums back, is within a paisa of the exact tax, and never exceeds the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, rateBp) => {
          const s = splitInclusive(amount, rateBp);
          expect(s.taxableValuePaise + s.taxPaise).toBe(amount);
          expect(s.taxPaise).toBe(2 * s.halfTaxPaise);
          expect(s.taxableValuePaise).toBeGreaterThanOrEqual(0);
          const exact = (amount * rateBp) / (10_000 + rateBp);
          expect(Math.abs(s.taxPaise - exact)).toBeLessThanOrEqual(1 + 1e-3);
        },
      ),
    );
  });

  it('refuses what is not paise or a rate', () => {
    expect(() => splitInclusive(-1, 1800)).toThrow(RangeError);
    expect(() => splitInclusive(1.5, 1800)).toThrow(RangeError);
    expect(() => splitInclusive(100, 10_001)).toThrow(RangeError);
  });
});
