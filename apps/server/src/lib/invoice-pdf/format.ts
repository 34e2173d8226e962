/**
 * Figures and dates as the invoice prints them. Both are made by hand rather than by Intl so that the
 * bytes of a PDF cannot change with the ICU data of the Node.js that renders it.
 */
import { SHOP_UTC_OFFSET_MINUTES } from '@bazaar/shared/constants';

/** 12345678 paise → "1,23,456.78" (Indian grouping, always two decimals). */
export function amount(paise: number): string {
  const negative = paise < 0;
  const abs = Math.abs(paise);
  const whole = String(Math.floor(abs / 100));
  const fraction = String(abs % 100).padStart(2, '0');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${last3}` : last3;
  return `${negative ? '-' : ''}${grouped}.${fraction}`;
}

/** "₹1,23,456.78". */
export function rupees(paise: number): string {
  return `₹${amount(paise)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The shop's calendar date of a moment: "02 Dec 2026" (India time). */
export function invoiceDate(at: Date): string {
  const local = new Date(at.getTime() + SHOP_UTC_OFFSET_MINUTES * 60_000);
  const day = String(local.getUTCDate()).padStart(2, '0');
  return `${day} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
}
