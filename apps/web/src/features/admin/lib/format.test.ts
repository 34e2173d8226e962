import { describe, expect, it } from 'vitest';
import { compactRupees, formatCalendarDate, formatDay, roundedRupees } from './format';

describe('compactRupees', () => {
  it('uses K, L and Cr from their thresholds, with two decimals', () => {
    expect(compactRupees(0)).toBe('₹0.00');
    expect(compactRupees(999.5)).toBe('₹999.50');
    expect(compactRupees(1000)).toBe('₹1.00K');
    expect(compactRupees(12_345.67)).toBe('₹12.35K');
    expect(compactRupees(100_000)).toBe('₹1.00L');
    expect(compactRupees(2_345_678)).toBe('₹23.46L');
    expect(compactRupees(10_000_000)).toBe('₹1.00Cr');
    expect(compactRupees(1_234_567_890)).toBe('₹123.46Cr');
  });

  it('moves to the next unit when the rounding reaches it', () => {
    expect(compactRupees(999.999)).toBe('₹1.00K');
    expect(compactRupees(99_999)).toBe('₹1.00L');
    expect(compactRupees(9_999_999)).toBe('₹1.00Cr');
  });
});

describe('dates and totals', () => {
  it('shows the day in India as dd/mm/yyyy', () => {
    // 20:00 UTC on 30 June is 1 July in India.
    expect(formatDay('2025-06-30T20:00:00.000Z')).toBe('01/07/2025');
    expect(formatCalendarDate('2025-07-01')).toBe('01/07/2025');
  });

  it('rounds totals to whole rupees', () => {
    expect(roundedRupees(1234.5)).toBe('₹1,235');
    expect(roundedRupees(123456.4)).toBe('₹1,23,456');
  });
});
