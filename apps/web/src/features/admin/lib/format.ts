import { SHOP_TIME_ZONE } from '@bazaar/shared/constants';
import { formatINR } from '@bazaar/shared/money';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
// dd/mm/yyyy, the shop's calendar day (India), as the spec's tables show dates.
const shopDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** "22 Nov 2026, 4:45 pm" in the admin's own time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** "01/07/2025": the day in India. */
export function formatDay(iso: string): string {
  return shopDay.format(new Date(iso));
}

/** "01/07/2025" from a shop calendar date (YYYY-MM-DD). */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** The spec's Username column: the first word of the name. */
export function firstWord(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

const UNITS = [
  { value: 1, suffix: '' },
  { value: 1e3, suffix: 'K' },
  { value: 1e5, suffix: 'L' },
  { value: 1e7, suffix: 'Cr' },
] as const;

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The dashboard's compact rupees: K from a thousand, L (lakh) from a hundred
 * thousand, Cr (crore) from ten million, two decimals: "₹1.23L". A figure whose
 * two decimals round up to the next unit takes it ("₹1.00L", never "₹100.00K").
 */
export function compactRupees(rupees: number): string {
  let i = UNITS.findLastIndex((unit) => rupees >= unit.value);
  if (i < 0) i = 0;
  while (i < UNITS.length - 1 && round2(rupees / UNITS[i]!.value) >= UNITS[i + 1]!.value / UNITS[i]!.value)
    i++;
  const unit = UNITS[i]!;
  return `₹${round2(rupees / unit.value).toFixed(2)}${unit.suffix}`;
}

/** Whole rupees ("₹1,23,457"), as the Recent Orders table rounds its totals. */
export function roundedRupees(rupees: number): string {
  return formatINR(Math.round(rupees));
}

const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Rupees with paise ("₹1,23,456.00"), as the order screen shows its amounts. */
export function rupeesWithPaise(rupees: number): string {
  return withPaise.format(rupees);
}
