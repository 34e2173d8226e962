import type { CartChange } from '@bazaar/shared/schemas/cart';
import { describe, expect, it } from 'vitest';
import { mergeSummary } from './merge-summary';

const change = (message: string): CartChange => ({
  productId: 'p',
  name: 'Lamp',
  colour: null,
  size: null,
  kind: 'priceChanged',
  message,
});

describe('what the shopper is told after a merge', () => {
  it('says nothing when every line came across as it was', () => {
    expect(mergeSummary([])).toBeNull();
  });

  it('gives each change in the server’s words', () => {
    expect(mergeSummary([change('Lamp now costs ₹500 (it was ₹450).')])).toBe(
      'Your cart changed since you last saw it: Lamp now costs ₹500 (it was ₹450).',
    );
    expect(mergeSummary([change('A.'), change('B.')])).toBe('Your cart changed since you last saw it: A. B.');
  });

  it('says why the guest’s coupon was dropped, after the changes', () => {
    const refusal = 'The coupon SAVE10 was not applied to your cart: This coupon has expired.';
    expect(mergeSummary([], refusal)).toBe(refusal);
    expect(mergeSummary([change('A.')], refusal)).toBe(
      `Your cart changed since you last saw it: A. ${refusal}`,
    );
  });
});
