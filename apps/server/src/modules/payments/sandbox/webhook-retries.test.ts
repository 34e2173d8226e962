import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextWebhookAttempt, WEBHOOK_RETRY_FOR_MS } from './webhook-retries';

const MINUTE = 60_000;
const created = new Date('2025-06-01T10:00:00.000Z');

describe("the sandbox's webhook retries (Razorpay's: exponential backoff for 24 hours)", () => {
  it('retries a minute after the first failure, doubling each wait, with the last attempt at 24 hours', () => {
    const attempts = [0];
    let now = created;
    for (let n = 1; ; n++) {
      const next = nextWebhookAttempt(created, n, now);
      if (!next) break;
      attempts.push((next.getTime() - created.getTime()) / MINUTE);
      now = next;
    }
    expect(attempts).toEqual([0, 1, 3, 7, 15, 31, 63, 127, 255, 511, 1023, 1440]);
  });

  it('always waits past now and never past 24 hours after the event, and stops after them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 2 * 24 * 60 }), (n, minutes) => {
        const now = new Date(created.getTime() + minutes * MINUTE);
        const next = nextWebhookAttempt(created, n, now);
        const end = created.getTime() + WEBHOOK_RETRY_FOR_MS;
        if (now.getTime() >= end) return next === undefined;
        return next !== undefined && next.getTime() > now.getTime() && next.getTime() <= end;
      }),
    );
  });
});
