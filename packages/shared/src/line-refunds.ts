/**
 * What giving back some units of an order is worth (returns and partial cancellations; decision 213).
 * Integer paise throughout.
 *
 * 1. The order's total as charged (goods after the product discounts and the coupon, tax, shipping)
 *    is shared over its goods lines in proportion to what each line cost (the stored pricing's line
 *    totals, coupon and tax already in them; for older orders the lines' prices after discount), by
 *    largest remainder: the shares sum to the total exactly. So the coupon, the shipping and the tax
 *    each travel with the goods in proportion.
 * 2. A line's share is spread over its units cumulatively: units k+1..k+q of a line of n units with
 *    share A are worth floor(A(k+q)/n) − floor(Ak/n). However a line is given back, in one go or
 *    several, its parts sum to A.
 * 3. A refund never passes what remains of the payment (an admin's refunds took part of it): the
 *    amount is capped there, and the cap shared over the lines in proportion again.
 *
 * So returning everything, in any steps, refunds exactly what was paid, and the last step always
 * refunds exactly what remains.
 */
import { apportion } from './gst/arithmetic';

export interface WeightedLine {
  /** Units bought. */
  quantity: number;
  /** What the line cost the buyer, the weight its share of the order's total is worked out by. */
  weightPaise: number;
}

/** The order's total shared over its lines (rule 1); sums to `totalPaise` exactly. */
export function lineSharesPaise(totalPaise: number, lines: readonly WeightedLine[]): number[] {
  const weights = lines.map((l) => Math.max(0, Math.trunc(l.weightPaise)));
  if (weights.every((w) => w === 0)) {
    // Lines that cost nothing (a free order): the total, if any, by units instead.
    const units = lines.map((l) => Math.max(0, Math.trunc(l.quantity)));
    if (units.every((u) => u === 0)) return lines.map(() => 0);
    return apportion(totalPaise, units);
  }
  return apportion(totalPaise, weights);
}

/** Units `done + 1 .. done + units` of a line of `bought` units whose share is `sharePaise` (rule 2). */
export function unitsWorthPaise(sharePaise: number, bought: number, done: number, units: number): number {
  if (!Number.isInteger(bought) || bought <= 0) throw new RangeError(`A line of ${bought} units`);
  if (!Number.isInteger(done) || !Number.isInteger(units) || done < 0 || units < 0 || done + units > bought) {
    throw new RangeError(`Units ${done}+${units} of a line of ${bought}`);
  }
  const upTo = (k: number) => Number((BigInt(sharePaise) * BigInt(k)) / BigInt(bought));
  return upTo(done + units) - upTo(done);
}

export interface LineRefundRequest {
  /** Units of each line already given back (refunded) before this one. */
  done: readonly number[];
  /** Units of each line given back now. */
  units: readonly number[];
  /** What remains of the order's payment to refund. */
  remainingPaise: number;
}

export interface LineRefund {
  /** Each line's part of the refund; sums to `totalPaise`. */
  perLine: number[];
  totalPaise: number;
  /** True when what remains of the payment cut it (rule 3). */
  capped: boolean;
}

/** The refund for giving back `units` of the order's lines (rules 1–3). */
export function lineRefund(
  totalPaise: number,
  lines: readonly WeightedLine[],
  request: LineRefundRequest,
): LineRefund {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) throw new RangeError(`A total of ${totalPaise}`);
  const shares = lineSharesPaise(totalPaise, lines);
  const worth = lines.map((l, i) =>
    unitsWorthPaise(shares[i]!, l.quantity, request.done[i] ?? 0, request.units[i] ?? 0),
  );
  const sum = worth.reduce((a, b) => a + b, 0);
  const remaining = Math.max(0, Math.trunc(request.remainingPaise));
  if (sum <= remaining) return { perLine: worth, totalPaise: sum, capped: false };
  return { perLine: apportion(remaining, worth), totalPaise: remaining, capped: true };
}
