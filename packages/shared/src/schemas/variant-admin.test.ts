import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountedPaise } from '../money';
import { variantBulkSchema, variantSalePaise } from './variant-admin';

describe('a variant’s sale price', () => {
  const paise = fc.integer({ min: 0, max: 10_000_000_00 });
  const discount = fc.integer({ min: 0, max: 100 });

  it('is the product’s rule on its own price, or on the product’s when it has none: whole paise, never above the list price or below 0', () => {
    fc.assert(
      fc.property(fc.option(paise, { nil: null }), paise, discount, (own, product, d) => {
        const sale = variantSalePaise(own, product, d);
        const list = own ?? product;
        expect(Number.isInteger(sale)).toBe(true);
        expect(sale).toBeGreaterThanOrEqual(0);
        expect(sale).toBeLessThanOrEqual(list);
        expect(sale).toBe(discountedPaise(list, d));
        if (own === null) expect(sale).toBe(discountedPaise(product, d));
      }),
    );
  });

  it('never rises when the discount does', () => {
    fc.assert(
      fc.property(paise, discount, discount, (p, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(variantSalePaise(p, 0, hi)).toBeLessThanOrEqual(variantSalePaise(p, 0, lo));
      }),
    );
  });
});

describe('a bulk change', () => {
  it('refuses a row that both sets and adjusts the stock, unknown fields and fractional paise', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(variantBulkSchema.safeParse({ variants: [{ id, stock: 3 }] }).success).toBe(true);
    expect(variantBulkSchema.safeParse({ variants: [{ id, stock: 3, adjust: 1 }] }).success).toBe(false);
    expect(variantBulkSchema.safeParse({ variants: [{ id, colour: 'red' }] }).success).toBe(false);
    expect(variantBulkSchema.safeParse({ variants: [{ id, pricePaise: 10.5 }] }).success).toBe(false);
  });
});
