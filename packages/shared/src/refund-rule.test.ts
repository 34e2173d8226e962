import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refundablePaise, refundFits } from './refund-rule';

describe('the refund rule', () => {
  it('never lets refunds add up past what was captured, whatever is asked and in which order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 10_000_000 }),
        fc.array(fc.record({ paise: fc.integer({ min: -10, max: 5_000_000 }), fails: fc.boolean() }), {
          maxLength: 30,
        }),
        (captured, asks) => {
          let refunded = 0;
          for (const ask of asks) {
            const left = refundablePaise(captured, refunded);
            const fits = refundFits(captured, refunded, ask.paise);
            expect(fits).toBe(ask.paise >= 1 && ask.paise <= left);
            // A refused or failed refund takes nothing.
            if (fits && !ask.fails) refunded += ask.paise;
            expect(Number.isInteger(refunded)).toBe(true);
            expect(refunded).toBeLessThanOrEqual(captured);
          }
          expect(refundablePaise(captured, refunded)).toBe(captured - refunded);
        },
      ),
    );
  });

  it('refuses fractions of a paisa and nothing', () => {
    expect(refundFits(1000, 0, 0.5)).toBe(false);
    expect(refundFits(1000, 0, 0)).toBe(false);
    expect(refundFits(1000, 999, 1)).toBe(true);
    expect(refundFits(1000, 1000, 1)).toBe(false);
  });
});
