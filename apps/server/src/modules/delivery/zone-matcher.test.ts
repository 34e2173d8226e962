import { PINCODE_MAX, PINCODE_MIN, parsePincodeRule } from '@bazaar/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareRules, type RankedRule, ZoneMatcher } from './zone-matcher';

/** Rules written as the admin types them, in zones listed in this order. */
function rulesOf(zones: Record<string, string[]>): RankedRule[] {
  return Object.entries(zones).flatMap(([zoneId, texts], position) =>
    texts.map((text) => ({ ...parsePincodeRule(text)!, zoneId, zonePosition: position + 1 })),
  );
}
const zoneOf = (matcher: ZoneMatcher, pincode: number) => matcher.match(pincode)?.zoneId;

describe('ZoneMatcher: which zone serves a pincode several rules cover (decision record 174)', () => {
  it('finds a pincode by its exact entry, its range or its prefix, and nothing outside them', () => {
    const m = ZoneMatcher.build(rulesOf({ a: ['400001'], b: ['110001-110099'], c: ['56'] }));
    expect(zoneOf(m, 400_001)).toBe('a');
    expect(zoneOf(m, 400_002)).toBeUndefined();
    expect(zoneOf(m, 110_001)).toBe('b');
    expect(zoneOf(m, 110_099)).toBe('b');
    expect(zoneOf(m, 110_100)).toBeUndefined();
    expect(zoneOf(m, 560_000)).toBe('c');
    expect(zoneOf(m, 569_999)).toBe('c');
    expect(zoneOf(m, 570_000)).toBeUndefined();
    expect(m.match(400_001)).toMatchObject({ kind: 'exact', low: 400_001 });
  });

  it('lets an exact pincode beat a range, and a range a prefix, whatever the zones’ order', () => {
    const m = ZoneMatcher.build(rulesOf({ prefix: ['4000'], range: ['400010-400019'], exact: ['400015'] }));
    expect(zoneOf(m, 400_015)).toBe('exact');
    expect(zoneOf(m, 400_012)).toBe('range');
    expect(zoneOf(m, 400_050)).toBe('prefix');
  });

  it('lets the narrower of two ranges and the longer of two prefixes win', () => {
    const m = ZoneMatcher.build(rulesOf({ wide: ['400000-409999', '4'], narrow: ['400500-400599', '41'] }));
    expect(zoneOf(m, 400_550)).toBe('narrow');
    expect(zoneOf(m, 400_600)).toBe('wide');
    expect(zoneOf(m, 411_001)).toBe('narrow');
    expect(zoneOf(m, 420_000)).toBe('wide');
  });

  it('counts coverage before kind: a prefix of 100 pincodes beats a range of 10,000 around it', () => {
    const m = ZoneMatcher.build(rulesOf({ range: ['400000-409999'], prefix: ['4005'] }));
    expect(zoneOf(m, 400_500)).toBe('prefix');
    expect(zoneOf(m, 401_000)).toBe('range');
  });

  it('breaks a tie of equally narrow rules by the admin’s order of the zones, then by kind', () => {
    const m = ZoneMatcher.build(rulesOf({ first: ['560'], second: ['560'] }));
    expect(zoneOf(m, 560_001)).toBe('first');
    const swapped = ZoneMatcher.build(rulesOf({ second: ['560'], first: ['560'] }));
    expect(zoneOf(swapped, 560_001)).toBe('second');
    // The same 100 pincodes as a range and as a prefix: the range wins the tie, whichever zone is first.
    const kinds = ZoneMatcher.build(rulesOf({ prefix: ['4000'], range: ['400000-400099'] }));
    expect(zoneOf(kinds, 400_042)).toBe('range');
  });

  it('answers nothing without rules, and outside the pincodes', () => {
    const m = ZoneMatcher.build([]);
    expect(m.match(400_001)).toBeUndefined();
    const full = ZoneMatcher.build(rulesOf({ all: ['1', '2', '3', '4', '5', '6', '7', '8', '9'] }));
    expect(zoneOf(full, PINCODE_MIN)).toBe('all');
    expect(zoneOf(full, PINCODE_MAX)).toBe('all');
    expect(full.match(99_999)).toBeUndefined();
    expect(full.match(1_000_000)).toBeUndefined();
  });

  it('agrees with the rule read literally (the best of every rule covering the pincode), for any rules', () => {
    // Small pincode windows make overlaps likely.
    const base = fc.constantFrom(400_000, 560_000);
    const rule = fc.oneof(
      fc.tuple(base, fc.integer({ min: 0, max: 300 })).map(([b, o]) => String(b + o)),
      fc
        .tuple(base, fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 200 }))
        .map(([b, o, w]) => `${b + o}-${Math.min(b + o + w, PINCODE_MAX)}`),
      fc.tuple(base, fc.integer({ min: 1, max: 5 })).map(([b, digits]) => String(b).slice(0, digits)),
    );
    const zones = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.array(rule, { maxLength: 6 }));
    fc.assert(
      fc.property(
        zones,
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 20, maxLength: 40 }),
        (z, offsets) => {
          const rules = rulesOf(z);
          const matcher = ZoneMatcher.build(rules);
          for (const offset of offsets) {
            for (const pincode of [400_000 + offset, 560_000 + offset]) {
              const covering = rules.filter((r) => r.low <= pincode && pincode <= r.high).sort(compareRules);
              expect(matcher.match(pincode)).toEqual(covering[0]);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
