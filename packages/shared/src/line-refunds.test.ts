import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineRefund, lineSharesPaise, unitsWorthPaise, type WeightedLine } from './line-refunds';

const line = fc.record({
  quantity: fc.integer({ min: 1, max: 12 }),
  weightPaise: fc.integer({ min: 0, max: 5_000_000 }),
});
const order = fc
  .tuple(fc.array(line, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 200_000 }))
  .map(([lines, extra]) => {
    // A total near what the lines cost: shipping and tax on top, or a coupon off.
    const sum = lines.reduce((a, l) => a + l.weightPaise, 0);
    return { lines, totalPaise: Math.max(0, sum + extra - 100_000) };
  });

/** Gives every unit back in random steps; admin refunds of random size in between. */
const steps = (lines: readonly WeightedLine[]) =>
  fc.array(
    fc.record({
      picks: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: lines.length, maxLength: lines.length }),
      adminPaise: fc.integer({ min: 0, max: 50_000 }),
    }),
    { maxLength: 8 },
  );

describe('what giving back units of an order refunds', () => {
  it('shares sum to the total, each never negative', () => {
    fc.assert(
      fc.property(order, ({ lines, totalPaise }) => {
        const shares = lineSharesPaise(totalPaise, lines);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(totalPaise);
        for (const s of shares) expect(s).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('returned in any steps, everything refunds exactly what was paid, never more, never negative', () => {
    fc.assert(
      fc.property(
        order.chain((o) => fc.tuple(fc.constant(o), steps(o.lines))),
        ([{ lines, totalPaise }, plan]) => {
          const done = lines.map(() => 0);
          let refunded = 0;
          for (const step of plan) {
            const units = lines.map((l, i) => Math.min(step.picks[i]!, l.quantity - done[i]!));
            const r = lineRefund(totalPaise, lines, { done, units, remainingPaise: totalPaise - refunded });
            for (const p of r.perLine) expect(p).toBeGreaterThanOrEqual(0);
            expect(r.perLine.reduce((a, b) => a + b, 0)).toBe(r.totalPaise);
            refunded += r.totalPaise;
            expect(refunded).toBeLessThanOrEqual(totalPaise);
            units.forEach((u, i) => {
              done[i]! += u;
            });
          }
          const rest = lines.map((l, i) => l.quantity - done[i]!);
          const last = lineRefund(totalPaise, lines, {
            done,
            units: rest,
            remainingPaise: totalPaise - refunded,
          });
          expect(refunded + last.totalPaise).toBe(totalPaise);
          expect(last.capped).toBe(false);
        },
      ),
    );
  });

  it('with admin refunds between, never passes what remains, and the last return takes exactly what remains', () => {
    fc.assert(
      fc.property(
        order.chain((o) => fc.tuple(fc.constant(o), steps(o.lines))),
        ([{ lines, totalPaise }, plan]) => {
          const done = lines.map(() => 0);
          let refunded = 0;
          for (const step of plan) {
            refunded += Math.min(step.adminPaise, totalPaise - refunded);
            const units = lines.map((l, i) => Math.min(step.picks[i]!, l.quantity - done[i]!));
            const remaining = totalPaise - refunded;
            const r = lineRefund(totalPaise, lines, { done, units, remainingPaise: remaining });
            expect(r.totalPaise).toBeLessThanOrEqual(remaining);
            for (const p of r.perLine) expect(p).toBeGreaterThanOrEqual(0);
            refunded += r.totalPaise;
            units.forEach((u, i) => {
              done[i]! += u;
            });
          }
          const rest = lines.map((l, i) => l.quantity - done[i]!);
          const remaining = totalPaise - refunded;
          const last = lineRefund(totalPaise, lines, { done, units: rest, remainingPaise: remaining });
          expect(last.totalPaise).toBe(remaining);
        },
      ),
    );
  });

  it('splits a line over its units cumulatively', () => {
    // ₹100.01 over 3 units: 3333, 3334, 3334 paise, whatever the steps.
    expect([0, 1, 2].map((k) => unitsWorthPaise(10_001, 3, k, 1))).toEqual([3333, 3334, 3334]);
    expect(unitsWorthPaise(10_001, 3, 0, 3)).toBe(10_001);
    expect(() => unitsWorthPaise(100, 2, 1, 2)).toThrow(RangeError);
  });

  it('shares shipping and the coupon in proportion to the lines', () => {
    // Lines of ₹600 and ₹300 (after the coupon), ₹50 shipping: 950 shared 2:1.
    expect(
      lineSharesPaise(95_000, [
        { quantity: 2, weightPaise: 60_000 },
        { quantity: 1, weightPaise: 30_000 },
      ]),
    ).toEqual([63_333, 31_667]);
  });
});
