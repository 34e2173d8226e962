import type { CartChange } from '@bazaar/shared/schemas/cart';

/**
 * What the shopper is told after the guest cart joined the account's: nothing when every line came
 * across as it was; else each change in the server's words.
 */
export function mergeSummary(changes: readonly CartChange[]): string | null {
  if (changes.length === 0) return null;
  if (changes.length === 1) return `Your cart changed since you last saw it: ${changes[0]!.message}`;
  return `Your cart changed since you last saw it: ${changes.map((c) => c.message).join(' ')}`;
}
