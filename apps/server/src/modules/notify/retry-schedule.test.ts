import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, LONGEST_WAIT_MS, MAX_ATTEMPTS, retryWaitMs } from './retry-schedule';

describe('the retry schedule', () => {
  it('doubles from 30 s up to 30 min, then stops after the last attempt', () => {
    const waits = Array.from({ length: MAX_ATTEMPTS }, (_, i) => retryWaitMs(i + 1, { random: () => 0.5 }));
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_800_000, undefined]);
  });

  it('keeps every wait within ±20% of its step and never beyond the longest', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_ATTEMPTS - 1 }),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        (n, r) => {
          const wait = retryWaitMs(n, { random: () => r })!;
          const step = Math.min(FIRST_RETRY_MS * 2 ** (n - 1), LONGEST_WAIT_MS);
          expect(wait).toBeGreaterThanOrEqual(Math.floor(step * 0.8));
          expect(wait).toBeLessThanOrEqual(Math.min(Math.ceil(step * 1.2), LONGEST_WAIT_MS));
        },
      ),
    );
  });

  it('waits at least as long as the provider asks, up to the longest wait', () => {
    expect(retryWaitMs(1, { random: () => 0, retryAfterMs: 90_000 })).toBe(90_000);
    expect(retryWaitMs(1, { random: () => 0, retryAfterMs: 10 * 60 * 60_000 })).toBe(LONGEST_WAIT_MS);
    expect(retryWaitMs(1, { random: () => 0, retryAfterMs: 1000 })).toBe(24_000);
  });
});
