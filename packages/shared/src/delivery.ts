/**
 * Where and for how much the shop delivers: pincode rules and the delivery fee rule, shared by the
 * server (zones, the cart's pricing) and the browser (the Check delivery answer, the zones form).
 * No zod here: the storefront's first load may import it.
 */
import { PAISE_PER_RUPEE } from './money';

/** An Indian pincode: six digits, the first 1–9 (0 starts none). */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
export const PINCODE_MIN = 100_000;
export const PINCODE_MAX = 999_999;

export const DELIVERY_MESSAGES = {
  invalidPincode: 'Enter a 6-digit pincode (the first digit 1–9)',
  notDeliverable: 'Does not deliver to this pincode',
} as const;

/** How a zone names pincodes: one exactly, a range of them, or every pincode starting with some digits. */
export type PincodeRuleKind = 'exact' | 'range' | 'prefix';

/** A rule as the pincodes it covers, `low` to `high` inclusive. */
export interface PincodeRule {
  kind: PincodeRuleKind;
  low: number;
  high: number;
}

const RANGE = /^([1-9][0-9]{5})\s*[-–]\s*([1-9][0-9]{5})$/;
const PREFIX = /^[1-9][0-9]{0,4}$/;

/** Why a text is not a rule, for the admin reading it. */
export function pincodeRuleProblem(text: string): string {
  const range = RANGE.exec(text.trim());
  if (range && Number(range[1]) > Number(range[2]))
    return `“${text.trim()}”: the range ends before it starts`;
  return text.trim() === ''
    ? 'No pincode given'
    : `“${text.trim()}” is not a pincode (6 digits, the first 1–9), a range (400001-400099) or a prefix (1 to 5 digits, such as 4000)`;
}

/**
 * A typed rule: `400001` (one pincode), `400001-400099` (a range; a range of one pincode is that
 * pincode) or `4000` (a prefix: every pincode starting so). Undefined for anything else.
 */
export function parsePincodeRule(text: string): PincodeRule | undefined {
  const value = text.trim();
  if (PINCODE_PATTERN.test(value)) return { kind: 'exact', low: Number(value), high: Number(value) };
  const range = RANGE.exec(value);
  if (range) {
    const low = Number(range[1]);
    const high = Number(range[2]);
    if (low > high) return undefined;
    return low === high ? { kind: 'exact', low, high } : { kind: 'range', low, high };
  }
  if (PREFIX.test(value)) {
    const span = 10 ** (6 - value.length);
    const low = Number(value) * span;
    return { kind: 'prefix', low, high: low + span - 1 };
  }
  return undefined;
}

/** The rule as the admin types it. */
export function pincodeRuleText(rule: PincodeRule): string {
  if (rule.kind === 'exact') return String(rule.low);
  if (rule.kind === 'range') return `${rule.low}-${rule.high}`;
  const digits = 6 - Math.round(Math.log10(rule.high - rule.low + 1));
  return String(rule.low).slice(0, digits);
}

/** The entries of a typed list: separated by commas, semicolons, spaces or new lines. */
export function pincodeEntries(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/** A zone's delivery charge: a flat fee, waived once the amount after discounts reaches `freeAbovePaise`. */
export interface DeliveryFeeRule {
  feePaise: number;
  /** Null: the fee is charged whatever the amount. */
  freeAbovePaise: number | null;
}

/**
 * What delivery costs on an order worth `afterDiscountsPaise` (after the coupon): nothing from the free
 * threshold on, else the fee rounded up to whole rupees (every figure a shopper sees is a whole rupee).
 */
export function deliveryFeePaise(rule: DeliveryFeeRule, afterDiscountsPaise: number): number {
  if (rule.freeAbovePaise !== null && afterDiscountsPaise >= rule.freeAbovePaise) return 0;
  const fee = Math.max(0, Math.trunc(rule.feePaise));
  return Math.ceil(fee / PAISE_PER_RUPEE) * PAISE_PER_RUPEE;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "Fri, 5 Dec" for a calendar date (YYYY-MM-DD). Written out rather than left to Intl, whose short
 * forms differ between ICU versions (a comma or not), so the server and every browser agree.
 */
export function deliveryDayLabel(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}
