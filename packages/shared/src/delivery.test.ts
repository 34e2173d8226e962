import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DeliveryFeeRule,
  deliveryDayLabel,
  deliveryFeePaise,
  PINCODE_MAX,
  PINCODE_MIN,
  type PincodeRule,
  parsePincodeRule,
  pincodeEntries,
  pincodeRuleProblem,
  pincodeRuleText,
} from './delivery';
import { cartTotals, DEFAULT_PRICING } from './pricing';
import { deliveryCalendarBodySchema, deliveryZoneBodySchema, pincodeListSchema } from './schemas/delivery';

const feeRule: fc.Arbitrary<DeliveryFeeRule> = fc.record({
  feePaise: fc.integer({ min: 0, max: 10_000_000 }),
  freeAbovePaise: fc.option(fc.integer({ min: 0, max: 100_000_000 }), { nil: null }),
});
const amount = fc.integer({ min: 0, max: 100_000_000 });

describe('deliveryFeePaise: a flat fee, free from an amount', () => {
  it('is whole rupees, at least the fee and less than a rupee over it, or nothing from the threshold', () => {
    fc.assert(
      fc.property(feeRule, amount, (rule, paid) => {
        const fee = deliveryFeePaise(rule, paid);
        expect(Number.isInteger(fee)).toBe(true);
        expect(fee % 100).toBe(0);
        if (rule.freeAbovePaise !== null && paid >= rule.freeAbovePaise) {
          expect(fee).toBe(0);
        } else {
          expect(fee).toBeGreaterThanOrEqual(rule.feePaise);
          expect(fee).toBeLessThan(rule.feePaise + 100);
        }
      }),
    );
  });

  it('never costs more on a bigger order, and without a threshold never depends on the amount', () => {
    fc.assert(
      fc.property(feeRule, amount, amount, (rule, a, b) => {
        const [small, big] = a <= b ? [a, b] : [b, a];
        expect(deliveryFeePaise(rule, big)).toBeLessThanOrEqual(deliveryFeePaise(rule, small));
        const always = { ...rule, freeAbovePaise: null };
        expect(deliveryFeePaise(always, a)).toBe(deliveryFeePaise(always, b));
      }),
    );
  });

  it('is what the cart charges for delivery on any non-empty cart', () => {
    const lines = fc.array(
      fc.record({
        unitPricePaise: fc.integer({ min: 1, max: 1_000_000 }),
        discount: fc.integer({ min: 0, max: 100 }),
        quantity: fc.integer({ min: 1, max: 20 }),
      }),
      { minLength: 1, maxLength: 10 },
    );
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 100 }), feeRule, (cart, coupon, rule) => {
        const totals = cartTotals(cart, coupon, {
          ...DEFAULT_PRICING,
          shippingFeePaise: rule.feePaise,
          freeShippingThresholdPaise: rule.freeAbovePaise,
        });
        expect(totals.shippingPaise).toBe(deliveryFeePaise(rule, totals.afterDiscountsPaise));
      }),
    );
  });

  it('reads today’s figures the same way: ₹50 below ₹140, free from it; ₹49.50 is charged as ₹50', () => {
    const today = { feePaise: 5_000, freeAbovePaise: 14_000 };
    expect(deliveryFeePaise(today, 13_999)).toBe(5_000);
    expect(deliveryFeePaise(today, 14_000)).toBe(0);
    expect(deliveryFeePaise({ feePaise: 4_950, freeAbovePaise: null }, 10_000_000)).toBe(5_000);
  });
});

describe('pincode rules', () => {
  it('reads a pincode, a range and a prefix as the pincodes they cover', () => {
    expect(parsePincodeRule('400001')).toEqual({ kind: 'exact', low: 400_001, high: 400_001 });
    expect(parsePincodeRule(' 400001 - 400099 ')).toEqual({ kind: 'range', low: 400_001, high: 400_099 });
    expect(parsePincodeRule('400001–400099')).toEqual({ kind: 'range', low: 400_001, high: 400_099 });
    expect(parsePincodeRule('4000')).toEqual({ kind: 'prefix', low: 400_000, high: 400_099 });
    expect(parsePincodeRule('56')).toEqual({ kind: 'prefix', low: 560_000, high: 569_999 });
    expect(parsePincodeRule('1')).toEqual({ kind: 'prefix', low: 100_000, high: 199_999 });
    // A range of one pincode is that pincode.
    expect(parsePincodeRule('400001-400001')).toEqual({ kind: 'exact', low: 400_001, high: 400_001 });
  });

  it('refuses what is none of them, saying why', () => {
    for (const bad of [
      '',
      '012345',
      '0',
      '4000011',
      '40000a',
      '400099-400001',
      '4000-4001',
      '400 001',
      'x',
    ]) {
      expect(parsePincodeRule(bad), bad).toBeUndefined();
    }
    expect(pincodeRuleProblem('400099-400001')).toBe('“400099-400001”: the range ends before it starts');
    expect(pincodeRuleProblem('012345')).toMatch(/is not a pincode \(6 digits, the first 1–9\)/);
  });

  const rule: fc.Arbitrary<PincodeRule> = fc.oneof(
    fc
      .integer({ min: PINCODE_MIN, max: PINCODE_MAX })
      .map((p) => ({ kind: 'exact' as const, low: p, high: p })),
    fc
      .tuple(
        fc.integer({ min: PINCODE_MIN, max: PINCODE_MAX }),
        fc.integer({ min: PINCODE_MIN, max: PINCODE_MAX }),
      )
      .filter(([a, b]) => a !== b)
      .map(([a, b]) => ({ kind: 'range' as const, low: Math.min(a, b), high: Math.max(a, b) })),
    fc.integer({ min: 1, max: 5 }).chain((digits) =>
      fc.integer({ min: 10 ** (digits - 1), max: 10 ** digits - 1 }).map((p) => {
        const span = 10 ** (6 - digits);
        return { kind: 'prefix' as const, low: p * span, high: p * span + span - 1 };
      }),
    ),
  );

  it('writes every rule so that reading it back gives the same rule', () => {
    fc.assert(
      fc.property(rule, (r) => {
        expect(parsePincodeRule(pincodeRuleText(r))).toEqual(r);
      }),
    );
  });

  it('reads any text as a rule within the pincodes, or as nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 16 }), (text) => {
        const r = parsePincodeRule(text);
        if (!r) return;
        expect(r.low).toBeGreaterThanOrEqual(PINCODE_MIN);
        expect(r.high).toBeLessThanOrEqual(PINCODE_MAX);
        expect(r.low).toBeLessThanOrEqual(r.high);
      }),
    );
  });

  it('splits a typed list on commas, semicolons, spaces and new lines', () => {
    expect(pincodeEntries('400001, 400002;56\n 110001-110099\t\n')).toEqual([
      '400001',
      '400002',
      '56',
      '110001-110099',
    ]);
  });
});

describe('the zone form’s schema', () => {
  const zone = { name: 'Mumbai', fee: '40', freeAbove: '', minDays: '1', maxDays: '2', cod: true };

  it('takes the pincodes typed or as a list, and names each bad entry with its place', () => {
    const typed = deliveryZoneBodySchema.parse({ ...zone, pincodes: '400001\n4001, 560001-560099' });
    expect(typed).toMatchObject({ name: 'Mumbai', fee: 40, freeAbove: null, minDays: 1, maxDays: 2 });
    expect(typed.pincodes.map(pincodeRuleText)).toEqual(['400001', '4001', '560001-560099']);
    const bad = pincodeListSchema.safeParse(['400001', '40000x', '400001', '99-1']);
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(
      'entry 2: “40000x” is not a pincode (6 digits, the first 1–9), a range (400001-400099) or a prefix (1 to 5 digits, such as 4000); entry 4: “99-1” is not a pincode (6 digits, the first 1–9), a range (400001-400099) or a prefix (1 to 5 digits, such as 4000)',
    );
  });

  it('refuses a slowest delivery faster than the fastest, and negative or fractional figures', () => {
    const result = deliveryZoneBodySchema.safeParse({
      ...zone,
      fee: '-1',
      minDays: '3',
      maxDays: '2',
      pincodes: [],
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['fee', 'Delivery fee cannot be negative'],
      ['maxDays', 'Slowest delivery cannot be faster than the fastest'],
    ]);
    const fraction = deliveryZoneBodySchema.safeParse({
      ...zone,
      fee: '40.505',
      minDays: '1.5',
      pincodes: [],
    });
    expect(fraction.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['fee', 'Delivery fee has at most 2 decimals'],
      ['minDays', 'Fastest delivery (days) must be a whole number'],
    ]);
  });

  it('reads holidays as real dates, sorted, once each', () => {
    expect(
      deliveryCalendarBodySchema.parse({
        businessDays: 'mon-sat',
        cutoff: '14:00',
        holidays: '2026-12-25\n2026-11-08, 2026-12-25',
      }).holidays,
    ).toEqual(['2026-11-08', '2026-12-25']);
    const bad = deliveryCalendarBodySchema.safeParse({
      businessDays: 'mon-sun',
      cutoff: '25:00',
      holidays: ['2026-02-30'],
    });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['businessDays', 'cutoff', 'holidays.0']);
  });
});

describe('deliveryDayLabel', () => {
  it('writes a date as the shopper reads it', () => {
    expect(deliveryDayLabel('2026-12-04')).toBe('Fri, 4 Dec');
    expect(deliveryDayLabel('2027-01-01')).toBe('Fri, 1 Jan');
  });
});
