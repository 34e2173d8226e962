/**
 * GST rates are data: a product carries its rate in basis points (hundredths of a percent), so every rate
 * the GST Council sets fits without code: 0, 0.25% (25), 1.5% (150), 3% (300), 5%, 12%, 18%, 28%, 40%
 * (4000). Intra-state supplies charge half of it as CGST and half as SGST or UTGST.
 */

/** The highest rate accepted, 100%: well above any GST rate, and it keeps every tax below its base. */
export const MAX_RATE_BP = 10_000;

export function isRateBp(rateBp: number): boolean {
  return Number.isInteger(rateBp) && rateBp >= 0 && rateBp <= MAX_RATE_BP;
}

/** A rate typed in percent (18, 0.25) as basis points; throws for what is not a whole basis point. */
export function rateBpFromPercent(percent: number): number {
  const bp = Math.round(percent * 100);
  if (!isRateBp(bp) || Math.abs(bp - percent * 100) > 1e-6) {
    throw new RangeError(`${percent}% is not a GST rate in hundredths of a percent from 0 to 100`);
  }
  return bp;
}

/** thousandths of a percent → "18%", "0.25%", "0.125%" (no trailing zeros). */
function percentText(thousandths: number): string {
  const whole = Math.floor(thousandths / 1000);
  const fraction = String(thousandths % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}%` : `${whole}%`;
}

/** The rate as an invoice prints it: 1800 → "18%", 25 → "0.25%". */
export function formatRate(rateBp: number): string {
  return percentText(rateBp * 10);
}

/** Each half of an intra-state rate: 1800 → "9%", 25 → "0.125%". */
export function formatHalfRate(rateBp: number): string {
  return percentText(rateBp * 5);
}
