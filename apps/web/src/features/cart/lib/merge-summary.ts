import type { CartChange } from '@bazaar/shared/schemas/cart';

/**
 * What the shopper is told after the guest cart joined the account's: nothing when every line came
 * across as it was and the guest's coupon (if any) was applied; else each change in the server's words,
 * then why the coupon was dropped.
 */
export function mergeSummary(
  changes: readonly CartChange[],
  couponRefusal: string | null = null,
): string | null {
  const parts: string[] = [];
  if (changes.length > 0)
    parts.push(`Your cart changed since you last saw it: ${changes.map((c) => c.message).join(' ')}`);
  if (couponRefusal) parts.push(couponRefusal);
  return parts.length > 0 ? parts.join(' ') : null;
}
