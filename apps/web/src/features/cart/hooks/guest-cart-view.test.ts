import { paiseToRupees, rupeesToPaise } from '@bazaar/shared/money';
import { cartTotals, DEFAULT_PRICING } from '@bazaar/shared/pricing';
import type { CartReply } from '@bazaar/shared/schemas/cart';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guestCartView } from './use-cart-view';

describe('the guest cart page', () => {
  it('shows the figures the server would for the same lines (the one shared rule)', () => {
    const line = fc.record({
      _id: fc.uuid(),
      name: fc.string(),
      image: fc.constant(null),
      price: fc.integer({ min: 1, max: 10_000_000 }).map(paiseToRupees),
      discount: fc.integer({ min: 0, max: 100 }),
      qty: fc.integer({ min: 1, max: 99 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const view = guestCartView(lines, DEFAULT_PRICING);
        const server = cartTotals(
          lines.map((l) => ({
            unitPricePaise: rupeesToPaise(l.price),
            discount: l.discount,
            quantity: l.qty,
          })),
          0,
          DEFAULT_PRICING,
        );
        expect(rupeesToPaise(view.total)).toBe(server.totalPaise);
        expect(rupeesToPaise(view.subTotal)).toBe(server.subTotalPaise);
        expect(rupeesToPaise(view.tax)).toBe(server.taxPaise);
        expect(rupeesToPaise(view.shipping)).toBe(server.shippingPaise);
        expect(view.totalItems).toBe(server.totalItems);
      }),
    );
  });

  it('prices a line after its discount', () => {
    const view = guestCartView(
      [{ _id: 'p', name: 'Shirt', image: null, price: 99.95, discount: 10, qty: 2, colour: 'Red' }],
      DEFAULT_PRICING,
    );
    expect(view.lines[0]).toMatchObject({ salePrice: 89.96, lineTotal: 179.92, colour: 'Red', size: null });
    expect(view).toMatchObject({ subTotal: 180, tax: 18, shipping: 0, total: 198 });
  });

  it('takes the coupon off by the same rule as the server, while it lasts', () => {
    const line = fc.record({
      _id: fc.uuid(),
      name: fc.string(),
      image: fc.constant(null),
      price: fc.integer({ min: 1, max: 10_000_000 }).map(paiseToRupees),
      discount: fc.integer({ min: 0, max: 100 }),
      qty: fc.integer({ min: 1, max: 99 }),
    });
    const now = Date.parse('2026-03-01T10:00:00Z');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.integer({ min: 1, max: 100 }), (lines, percent) => {
        const coupon = { code: 'SAVE', discount: percent, expiresAt: new Date(now + 1000).toISOString() };
        const view = guestCartView(lines, DEFAULT_PRICING, coupon, now);
        const server = cartTotals(
          lines.map((l) => ({
            unitPricePaise: rupeesToPaise(l.price),
            discount: l.discount,
            quantity: l.qty,
          })),
          percent,
          DEFAULT_PRICING,
        );
        expect(rupeesToPaise(view.couponDiscount)).toBe(server.couponDiscountPaise);
        expect(rupeesToPaise(view.tax)).toBe(server.taxPaise);
        expect(rupeesToPaise(view.total)).toBe(server.totalPaise);
        expect(view.coupon).toEqual({ code: 'SAVE', discount: percent });
        // Once it has ended it no longer counts.
        const ended = guestCartView(lines, DEFAULT_PRICING, coupon, now + 1000);
        expect(ended.coupon).toBeNull();
        expect(rupeesToPaise(ended.total)).toBe(
          cartTotals(
            lines.map((l) => ({
              unitPricePaise: rupeesToPaise(l.price),
              discount: l.discount,
              quantity: l.qty,
            })),
            0,
            DEFAULT_PRICING,
          ).totalPaise,
        );
      }),
    );
  });
});

describe('the guest cart page in GST mode, while the server’s quote of changed lines is on its way', () => {
  it('adds no tax to the total (it is inside the prices): subtotal − coupon + delivery, to the paisa', () => {
    const line = fc.record({
      _id: fc.uuid(),
      name: fc.string(),
      image: fc.constant(null),
      price: fc.integer({ min: 1, max: 10_000_000 }).map(paiseToRupees),
      discount: fc.integer({ min: 0, max: 100 }),
      qty: fc.integer({ min: 1, max: 99 }),
    });
    const previous = { taxIncluded: true } as CartReply;
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const view = guestCartView(lines, DEFAULT_PRICING, null, Date.now(), undefined, previous);
        expect(view.taxIncluded).toBe(true);
        expect(view.tax).toBe(0);
        expect(view.taxLines).toEqual([]);
        expect(rupeesToPaise(view.total)).toBe(
          rupeesToPaise(view.subTotal) - rupeesToPaise(view.couponDiscount) + rupeesToPaise(view.shipping),
        );
        expect(view.total).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
