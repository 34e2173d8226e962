import type { BusinessDays } from '@bazaar/shared';
import { SHOP_UTC_OFFSET_MINUTES } from '@bazaar/shared/constants';
import { shopDate } from '../../lib/shop-time';

/** When parcels leave and arrive: the working week, the day's cut-off and the holidays. */
export interface DeliveryCalendar {
  businessDays: BusinessDays;
  /** Minutes after midnight, India time: an order placed from then on is dispatched the next business day. */
  cutoffMinutes: number;
  /** Dates (YYYY-MM-DD) on which nothing leaves or arrives. */
  holidays: ReadonlySet<string>;
}

export interface DeliveryDates {
  /** The business day the order leaves. */
  dispatch: string;
  earliest: string;
  /** What "Delivers by" promises: the latest day. */
  latest: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
// A calendar with every day a holiday has no business day; the search stops after this many days.
const SEARCH_DAYS = 800;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

function isBusinessDay(date: string, calendar: DeliveryCalendar): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || (weekday === 6 && calendar.businessDays === 'mon-fri')) return false;
  return !calendar.holidays.has(date);
}

/** The first business day after `date`. */
function nextBusinessDay(date: string, calendar: DeliveryCalendar): string {
  let day = date;
  for (let i = 0; i < SEARCH_DAYS; i++) {
    day = addDays(day, 1);
    if (isBusinessDay(day, calendar)) return day;
  }
  throw new Error('the delivery calendar has no business day');
}

const afterBusinessDays = (date: string, days: number, calendar: DeliveryCalendar) => {
  let day = date;
  for (let i = 0; i < days; i++) day = nextBusinessDay(day, calendar);
  return day;
};

/**
 * When an order placed at `now` arrives, counted in India's calendar: it leaves today if today is a
 * business day and the cut-off has not passed, else on the next business day; it arrives `minDays` to
 * `maxDays` business days after that (couriers neither deliver on a holiday nor on the days the shop
 * does not work).
 */
export function deliveryDates(
  now: Date,
  calendar: DeliveryCalendar,
  days: { minDays: number; maxDays: number },
): DeliveryDates {
  const today = shopDate(now);
  const minutes = Math.floor((now.getTime() / 60_000 + SHOP_UTC_OFFSET_MINUTES) % 1440);
  const dispatch =
    isBusinessDay(today, calendar) && minutes < calendar.cutoffMinutes
      ? today
      : nextBusinessDay(today, calendar);
  return {
    dispatch,
    earliest: afterBusinessDays(dispatch, days.minDays, calendar),
    latest: afterBusinessDays(dispatch, days.maxDays, calendar),
  };
}
