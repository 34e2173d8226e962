import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COD_MESSAGES,
  codDeliveryChargePaise,
  codOpenOrdersMessage,
  codQuote,
  codReturnedParcelsMessage,
} from './cod';

const terms = fc
  .record({
    feePaise: fc.integer({ min: 0, max: 50_000 }),
    minOrderPaise: fc.integer({ min: 0, max: 5_000_000 }),
    span: fc.option(fc.integer({ min: 0, max: 5_000_000 })),
  })
  .map(({ feePaise, minOrderPaise, span }) => ({
    feePaise,
    minOrderPaise,
    maxOrderPaise: span === null ? null : minOrderPaise + span,
  }));

describe('the cash-on-delivery rule', () => {
  it('offers COD exactly for order values within the zone’s minimum and maximum, at the zone’s fee', () => {
    fc.assert(
      fc.property(terms, fc.integer({ min: 0, max: 20_000_000 }), (t, order) => {
        const quote = codQuote(t, order);
        const within = order >= t.minOrderPaise && (t.maxOrderPaise === null || order <= t.maxOrderPaise);
        expect(quote.available).toBe(within);
        if (quote.available) {
          expect(quote.feePaise).toBe(t.feePaise);
          expect(Number.isInteger(quote.feePaise)).toBe(true);
        } else {
          expect(quote.reason).toMatch(/Cash on delivery is available for orders/);
        }
      }),
    );
  });

  it('adds the fee to the delivery charge whatever the free-delivery rule made of it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 50_000 }), (fee, cod) => {
        const charge = codDeliveryChargePaise(fee, cod);
        expect(charge).toBe(fee + cod);
        expect(charge).toBeGreaterThanOrEqual(cod);
        expect(Number.isInteger(charge)).toBe(true);
      }),
    );
  });

  it('never offers COD where the zone does not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000_000 }), (order) => {
        expect(codQuote(null, order)).toEqual({ available: false, reason: COD_MESSAGES.notOffered });
      }),
    );
  });

  it('names the limits in rupees', () => {
    const t = { feePaise: 4_900, minOrderPaise: 20_000, maxOrderPaise: 1_000_000 };
    expect(codQuote(t, 19_999)).toEqual({
      available: false,
      reason: 'Cash on delivery is available for orders of ₹200 or more.',
    });
    expect(codQuote(t, 1_000_001)).toMatchObject({ reason: expect.stringContaining('up to ₹10,000') });
    expect(codQuote(t, 20_000)).toEqual({ available: true, feePaise: 4_900 });
  });
});

describe('the COD limit messages', () => {
  it('count in the singular and the plural', () => {
    expect(codOpenOrdersMessage(1)).toContain('1 cash-on-delivery order on their way');
    expect(codOpenOrdersMessage(3)).toContain('3 cash-on-delivery orders on their way');
    expect(codReturnedParcelsMessage(1)).toContain('an earlier parcel was refused');
    expect(codReturnedParcelsMessage(2)).toContain('2 earlier parcels were refused');
  });
});
