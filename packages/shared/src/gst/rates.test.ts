import { describe, expect, it } from 'vitest';
import { formatHalfRate, formatRate, isRateBp, rateBpFromPercent } from './rates';

describe('GST rates as data', () => {
  it('takes every rate the Council sets as basis points', () => {
    expect([0, 0.25, 1.5, 3, 5, 12, 18, 28, 40].map(rateBpFromPercent)).toEqual([
      0, 25, 150, 300, 500, 1200, 1800, 2800, 4000,
    ]);
    expect(() => rateBpFromPercent(0.125)).toThrow(RangeError);
    expect(() => rateBpFromPercent(-5)).toThrow(RangeError);
    expect(() => rateBpFromPercent(101)).toThrow(RangeError);
    expect(isRateBp(1800)).toBe(true);
    expect(isRateBp(18.5)).toBe(false);
  });

  it('prints rates and their halves without trailing zeros', () => {
    expect(formatRate(1800)).toBe('18%');
    expect(formatRate(25)).toBe('0.25%');
    expect(formatRate(150)).toBe('1.5%');
    expect(formatRate(0)).toBe('0%');
    expect(formatHalfRate(1800)).toBe('9%');
    expect(formatHalfRate(500)).toBe('2.5%');
    expect(formatHalfRate(25)).toBe('0.125%');
    expect(formatHalfRate(300)).toBe('1.5%');
  });
});
