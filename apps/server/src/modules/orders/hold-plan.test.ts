import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOLDER_KEYS, type HolderKey, holdCaps, planHold, type ReusableSlot } from './hold-plan';

const T0 = Date.parse('2025-06-01T10:00:00.000Z');
const keyed = <T>(value: fc.Arbitrary<T>) =>
  fc.record({ account: value, device: value, address: value }) as fc.Arbitrary<Record<HolderKey, T>>;
const slot = fc.record({
  id: fc.uuid(),
  free: fc.integer({ min: 0, max: 8 }),
  expiresAt: fc.integer({ min: 1, max: 60 }).map((m) => new Date(T0 + m * 60_000)),
  shares: keyed(fc.boolean()),
}) as fc.Arbitrary<ReusableSlot>;
const input = fc.record({
  quantity: fc.integer({ min: 1, max: 30 }),
  counts: keyed(fc.integer({ min: 0, max: 25 })),
  slots: fc.uniqueArray(slot, { selector: (s) => s.id, maxLength: 5 }),
  caps: keyed(fc.integer({ min: 1, max: 30 })),
});

describe('planHold', () => {
  it('never lets a key count more than its cap, and moves the units it takes over instead of adding them', () => {
    fc.assert(
      fc.property(input, ({ quantity, counts, slots, caps }) => {
        const outcome = planHold(quantity, counts, slots, caps);
        if (!outcome.ok) return;
        const { reuse, after, deadline } = outcome.plan;
        const used = reuse.map((r) => ({ ...r, slot: slots.find((s) => s.id === r.id)! }));
        expect(used.reduce((n, r) => n + r.units, 0)).toBeLessThanOrEqual(quantity);
        for (const r of used) expect(r.units).toBeGreaterThan(0);
        for (const r of used) expect(r.units).toBeLessThanOrEqual(r.slot.free);
        for (const key of HOLDER_KEYS) {
          const moved = used.filter((r) => r.slot.shares[key]).reduce((n, r) => n + r.units, 0);
          expect(after[key]).toBe(counts[key] + quantity - moved);
          expect(after[key]).toBeLessThanOrEqual(caps[key]);
        }
        const earliest = used.map((r) => r.slot.expiresAt.getTime());
        expect(deadline?.getTime() ?? null).toBe(earliest.length ? Math.min(...earliest) : null);
      }),
    );
  });

  it('places released units again before new ones, latest deadline first', () => {
    fc.assert(
      fc.property(input, ({ quantity, counts, slots }) => {
        const open = { account: 1e9, device: 1e9, address: 1e9 };
        const outcome = planHold(quantity, counts, slots, open);
        if (!outcome.ok) throw new Error('refused with no limit');
        const free = slots.reduce((n, s) => n + s.free, 0);
        const taken = outcome.plan.reuse.reduce((n, r) => n + r.units, 0);
        expect(taken).toBe(Math.min(quantity, free));
        // Any slot left with free units ends no later than every slot taken from.
        for (const s of slots) {
          const used = outcome.plan.reuse.find((r) => r.id === s.id)?.units ?? 0;
          if (used >= s.free) continue;
          for (const r of outcome.plan.reuse) {
            const other = slots.find((x) => x.id === r.id)!;
            if (other.id !== s.id)
              expect(other.expiresAt.getTime()).toBeGreaterThanOrEqual(s.expiresAt.getTime());
          }
        }
      }),
    );
  });

  it('offers, when it refuses, the most that would be accepted', () => {
    fc.assert(
      fc.property(input, ({ quantity, counts, slots, caps }) => {
        const outcome = planHold(quantity, counts, slots, caps);
        if (outcome.ok) {
          expect(planHold(quantity - 1, counts, slots, caps).ok).toBe(true);
          return;
        }
        const { allowed, key, cap, held } = outcome.refusal;
        expect(cap).toBe(caps[key]);
        expect(held).toBe(counts[key]);
        expect(allowed).toBeLessThan(quantity);
        expect(planHold(allowed + 1, counts, slots, caps).ok).toBe(false);
        const already = HOLDER_KEYS.some((k) => counts[k] > caps[k]);
        if (allowed > 0 || !already) expect(planHold(allowed, counts, slots, caps).ok).toBe(true);
      }),
    );
  });
});

describe('holdCaps', () => {
  const rules = { windowMs: 30 * 60_000, unitsPerShopper: 5, percentPerShopper: 10, addressMultiple: 4 };

  it('gives a shopper the larger of 5 units and 10% of the supply, and a network four times that', () => {
    expect(holdCaps(rules, 10, 'units')).toEqual({ account: 5, device: 5, address: 20 });
    expect(holdCaps(rules, 59, 'units')).toEqual({ account: 5, device: 5, address: 20 });
    expect(holdCaps(rules, 200, 'units')).toEqual({ account: 20, device: 20, address: 80 });
    expect(holdCaps({ ...rules, percentPerShopper: 0, unitsPerShopper: 1 }, 1000, 'units').account).toBe(1);
  });

  it('gives a shopper one use of a coupon, and a network the ceiling of as many units', () => {
    expect(holdCaps(rules, 3, 'coupon')).toEqual({ account: 1, device: 1, address: 20 });
    expect(holdCaps(rules, 1000, 'coupon')).toEqual({ account: 1, device: 1, address: 400 });
  });
});
