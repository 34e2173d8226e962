import fc from 'fast-check';
import { ToWords } from 'to-words';
import { describe, expect, it } from 'vitest';
import { amountInWords, numberInIndianWords } from './amount-in-words';

describe('amount in words', () => {
  it('writes lakhs and crores with paise', () => {
    expect(amountInWords(12_345_678)).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only',
    );
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(50)).toBe('Rupees Zero and Fifty Paise Only');
    expect(amountInWords(101)).toBe('Rupees One and One Paisa Only');
    expect(amountInWords(50_000)).toBe('Rupees Five Hundred Only');
    expect(amountInWords(1_00_00_000_00)).toBe('Rupees One Crore Only');
    expect(amountInWords(12_34_56_789_05)).toBe(
      'Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Five Paise Only',
    );
  });

  it('counts crores past 99 the same way', () => {
    expect(numberInIndianWords(1_000_000_000)).toBe('One Hundred Crore');
    expect(numberInIndianWords(1_000_000_000_000)).toBe('One Lakh Crore');
    expect(numberInIndianWords(110_000)).toBe('One Lakh Ten Thousand');
    expect(numberInIndianWords(100_100)).toBe('One Lakh One Hundred');
  });

  it('refuses what is not a whole, non-negative amount', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });

  it('agrees with the to-words library’s en-IN words below a hundred crore (hyphens aside)', () => {
    const reference = new ToWords({ localeCode: 'en-IN' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (n) => {
        expect(numberInIndianWords(n).replaceAll('-', ' ')).toBe(reference.convert(n));
      }),
      { numRuns: 2000 },
    );
  });
});
