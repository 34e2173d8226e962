import { describe, expect, it } from 'vitest';
import { type DeliveryCalendar, deliveryDates } from './delivery-dates';

// Moments in India time (UTC+05:30), which is what the shop's calendar counts in.
const ist = (local: string) => new Date(`${local}+05:30`);
const calendar = (over: Partial<DeliveryCalendar> = {}): DeliveryCalendar => ({
  businessDays: 'mon-sat',
  cutoffMinutes: 14 * 60,
  holidays: new Set(),
  ...over,
});
const days = (minDays: number, maxDays = minDays) => ({ minDays, maxDays });

describe('delivery dates (business days, cut-off, holidays, India time)', () => {
  // 2026-12-01 is a Tuesday.
  it('dispatches today before the cut-off and the next business day from it on', () => {
    expect(deliveryDates(ist('2026-12-01T13:59'), calendar(), days(2))).toEqual({
      dispatch: '2026-12-01',
      earliest: '2026-12-03',
      latest: '2026-12-03',
    });
    expect(deliveryDates(ist('2026-12-01T14:00'), calendar(), days(2)).dispatch).toBe('2026-12-02');
    expect(deliveryDates(ist('2026-12-01T14:00'), calendar(), days(2)).latest).toBe('2026-12-04');
  });

  it('counts the day in India, not in UTC: 00:30 on Wednesday in India is still Tuesday in UTC', () => {
    const lateNight = ist('2026-12-02T00:30');
    expect(lateNight.toISOString()).toBe('2026-12-01T19:00:00.000Z');
    expect(deliveryDates(lateNight, calendar(), days(0)).dispatch).toBe('2026-12-02');
    // 13:59 India is 08:29 UTC: before the cut-off.
    expect(deliveryDates(new Date('2026-12-01T08:29:00Z'), calendar(), days(0)).dispatch).toBe('2026-12-01');
    expect(deliveryDates(new Date('2026-12-01T08:30:00Z'), calendar(), days(0)).dispatch).toBe('2026-12-02');
  });

  it('skips Sundays (Mon–Sat), and Saturdays too (Mon–Fri), when dispatching and delivering', () => {
    // Friday 4 Dec after the cut-off: dispatched Saturday, 2 business days → Tuesday (Sunday skipped).
    expect(deliveryDates(ist('2026-12-04T15:00'), calendar(), days(2))).toEqual({
      dispatch: '2026-12-05',
      earliest: '2026-12-08',
      latest: '2026-12-08',
    });
    // Mon–Fri: dispatched Monday 7 Dec, 2 business days → Wednesday.
    expect(deliveryDates(ist('2026-12-04T15:00'), calendar({ businessDays: 'mon-fri' }), days(2))).toEqual({
      dispatch: '2026-12-07',
      earliest: '2026-12-09',
      latest: '2026-12-09',
    });
    // An order on Sunday morning waits for Monday whatever the cut-off.
    expect(deliveryDates(ist('2026-12-06T09:00'), calendar(), days(1)).dispatch).toBe('2026-12-07');
  });

  it('skips holidays, on the day of dispatch and in transit', () => {
    const holidays = new Set(['2026-12-25', '2026-12-26']);
    // Thursday 24 Dec after the cut-off: Friday and Saturday are holidays, Sunday is no business day.
    expect(deliveryDates(ist('2026-12-24T16:00'), calendar({ holidays }), days(1, 3))).toEqual({
      dispatch: '2026-12-28',
      earliest: '2026-12-29',
      latest: '2026-12-31',
    });
    // Dispatched Wednesday 23 Dec: 3 business days are the 24th, 28th and 29th.
    expect(deliveryDates(ist('2026-12-23T10:00'), calendar({ holidays }), days(3)).latest).toBe('2026-12-29');
  });

  it('gives the earliest and the latest day of a zone’s range, and same-day delivery for 0 days', () => {
    const dates = deliveryDates(ist('2026-12-01T09:00'), calendar(), days(0, 5));
    expect(dates).toEqual({ dispatch: '2026-12-01', earliest: '2026-12-01', latest: '2026-12-07' });
  });

  it('moves the cut-off when the shop sets another (midnight: nothing leaves the same day)', () => {
    expect(
      deliveryDates(ist('2026-12-01T17:30'), calendar({ cutoffMinutes: 18 * 60 }), days(0)).dispatch,
    ).toBe('2026-12-01');
    expect(deliveryDates(ist('2026-12-01T00:01'), calendar({ cutoffMinutes: 0 }), days(0)).dispatch).toBe(
      '2026-12-02',
    );
  });
});
