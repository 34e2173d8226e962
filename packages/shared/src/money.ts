/**
 * Money rules shared by the server and the browser.
 * Amounts are integer paise everywhere except at the API edge, where the spec's
 * replies carry rupees.
 */

export const PAISE_PER_RUPEE = 100;

/** Rupees (possibly fractional) to integer paise, rounding to the nearest paisa. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

/** Integer paise to rupees as a number with at most two decimals. */
export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

/**
 * The spec's displayed price, `price − price × discount / 100`, in paise.
 * A fraction of a paisa is dropped from the discount, so the shopper never pays
 * less than a whole-paisa price and the database's generated sale price agrees.
 */
export function discountedPaise(pricePaise: number, discountPercent: number): number {
  const discount = Math.min(100, Math.max(0, Math.trunc(discountPercent)));
  return pricePaise - Math.floor((pricePaise * discount) / 100);
}

/** The same rule for prices already in rupees, as the spec's replies carry them. */
export function discountedPrice(priceRupees: number, discountPercent: number): number {
  return paiseToRupees(discountedPaise(rupeesToPaise(priceRupees), discountPercent));
}

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "₹1,23,456.50" — Indian digit grouping; paise shown (as two digits) only when present. */
export function formatINR(rupees: number): string {
  return Number.isInteger(rupees) ? wholeRupees.format(rupees) : withPaise.format(rupees);
}
