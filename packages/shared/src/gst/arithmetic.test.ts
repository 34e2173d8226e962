import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportion, mulDivRound } from './arithmetic';

describe('mulDivRound', () => {
  it('rounds to the nearest integer, halves up, past 2^53 too', () => {
    expect(mulDivRound(5, 1, 2)).toBe(3);
    expect(mulDivRound(7, 1, 3)).toBe(2);
    expect(mulDivRound(8, 1, 3)).toBe(3);
    expect(mulDivRound(0, 123, 7)).toBe(0);
    expect(mulDivRound(9_000_000_000_000_000, 3, 9)).toBe(3_000_000_000_000_000);
  });
});

describe('apportion (largest remainder)', () => {
  it('shares in proportion and gives the leftover units to the largest remainders', () => {
    expect(apportion(30, [100, 200])).toEqual([10, 20]);
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(2, [1, 1, 1])).toEqual([1, 1, 0]);
    // 10 over 3:7 → 3 and 7; 1 over 1:2 → the larger weight wins the tie of remainders? 1/3 vs 2/3: the larger.
    expect(apportion(1, [1, 2])).toEqual([0, 1]);
    expect(apportion(5, [0, 3, 0])).toEqual([0, 5, 0]);
    expect(apportion(0, [0, 0])).toEqual([0, 0]);
    expect(() => apportion(1, [0, 0])).toThrow(RangeError);
    expect(() => apportion(-1, [1])).toThrow(RangeError);
    expect(() => apportion(1, [2, -1])).toThrow(RangeError);
    expect(() => apportion(1, [1.5])).toThrow(RangeError);
  });

  it('sums exactly, stays within a unit of the exact share, never exceeds a weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, fraction) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          fc.pre(sum > 0);
          const total = Math.floor(sum * fraction);
          const shares = apportion(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          shares.forEach((share, i) => {
            const exact = (total * weights[i]!) / sum;
            expect(Number.isInteger(share)).toBe(true);
            expect(Math.abs(share - exact)).toBeLessThan(1 + 1e-6);
            expect(share).toBeLessThanOrEqual(weights[i]!);
            if (weights[i] === 0) expect(share).toBe(0);
          });
        },
      ),
    );
  });
});
