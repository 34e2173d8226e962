import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECK_FOR_MS, checksUntil, nextCheckAt } from './check-schedule';

const MINUTE = 60_000;
const made = new Date('2025-06-01T10:00:00.000Z');
const window30 = 30 * MINUTE;

describe('when the provider is asked about an open provider order', () => {
  it('asks 2 and 10 minutes after it was made, around its expiry, then ever more rarely, for a week after its window', () => {
    const checks: number[] = [];
    const until = checksUntil(new Date(made.getTime() + window30));
    let now = made;
    for (let at = nextCheckAt(made, now, until); at; at = nextCheckAt(made, now, until)) {
      checks.push((at.getTime() - made.getTime()) / MINUTE);
      now = at;
    }
    expect(checks.slice(0, 8)).toEqual([2, 10, 30, 60, 180, 360, 720, 1440]);
    expect(checks.slice(8, 10)).toEqual([2880, 4320]);
    expect(checks.at(-1)).toBe((window30 + CHECK_FOR_MS) / MINUTE);
    expect(checks.length).toBeLessThan(20);
  });

  it('always names a moment after now and within the checking period, or none once that is over', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 * 24 * 60 }),
        fc.integer({ min: 1, max: 7 * 24 * 60 }),
        (minutesLater, windowMinutes) => {
          const now = new Date(made.getTime() + minutesLater * MINUTE);
          const end = made.getTime() + windowMinutes * MINUTE + CHECK_FOR_MS;
          const next = nextCheckAt(made, now, checksUntil(new Date(made.getTime() + windowMinutes * MINUTE)));
          if (now.getTime() >= end) return next === null;
          return next !== null && next.getTime() > now.getTime() && next.getTime() <= end;
        },
      ),
    );
  });
});
