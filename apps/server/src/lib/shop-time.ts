import { SHOP_UTC_OFFSET_MINUTES } from '@bazaar/shared/constants';

const DAY_MS = 24 * 60 * 60 * 1000;
const OFFSET_MS = SHOP_UTC_OFFSET_MINUTES * 60 * 1000;

/** The shop's calendar date (YYYY-MM-DD, India) of a moment. */
export function shopDate(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** Midnight, shop time, that began the day `daysBack` days before the day of `at`. */
export function startOfShopDay(at: Date, daysBack = 0): Date {
  const local = at.getTime() + OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS - daysBack * DAY_MS - OFFSET_MS);
}

/** The last millisecond of a shop calendar date (YYYY-MM-DD). */
export function endOfShopDate(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + DAY_MS - 1 - OFFSET_MS);
}

/** The shop calendar dates from `days - 1` days before `at`'s day up to that day, oldest first. */
export function lastShopDates(at: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) => shopDate(startOfShopDay(at, days - 1 - i)));
}
