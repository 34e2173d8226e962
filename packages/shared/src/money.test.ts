import { describe, expect, it } from 'vitest';
import { discountedPaise, discountedPrice, formatINR, paiseToRupees, rupeesToPaise } from './money';

describe('money', () => {
  it('converts between rupees and paise without float drift', () => {
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(paiseToRupees(84915)).toBe(849.15);
  });

  it('applies the percent discount as price − price × discount / 100', () => {
    expect(discountedPaise(99900, 15)).toBe(84915);
    expect(discountedPaise(1000, 0)).toBe(1000);
    expect(discountedPaise(1000, 100)).toBe(0);
    expect(discountedPrice(999, 15)).toBe(849.15);
  });

  it('drops fractions of a paisa from the discount, never from the price', () => {
    // 3% of 333 paise is 9.99 paise: the shopper gets 9 paise off
    expect(discountedPaise(333, 3)).toBe(324);
  });

  it('clamps out-of-range discounts', () => {
    expect(discountedPaise(1000, -5)).toBe(1000);
    expect(discountedPaise(1000, 150)).toBe(0);
  });

  it('formats rupees with Indian grouping', () => {
    expect(formatINR(123456.5)).toBe('₹1,23,456.50');
    expect(formatINR(849.15)).toBe('₹849.15');
    expect(formatINR(50)).toBe('₹50');
  });
});
