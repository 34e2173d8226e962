/**
 * The tax inside a tax-inclusive amount, by the rounding rule of decision 160: each half of the tax
 * (CGST and SGST, or the two halves that make IGST) is rounded to the nearest paisa, halves up, and the
 * taxable value is what remains, so taxable value + taxes = the amount exactly, CGST = SGST always,
 * and the same amount carries the same tax whichever state it goes to.
 */
import { mulDivRound } from './arithmetic';
import { isRateBp } from './rates';

export interface InclusiveSplit {
  taxableValuePaise: number;
  /** One half of the tax: CGST (and SGST) when intra-state; IGST is twice it. */
  halfTaxPaise: number;
  taxPaise: number;
}

export function splitInclusive(inclusivePaise: number, rateBp: number): InclusiveSplit {
  if (!Number.isSafeInteger(inclusivePaise) || inclusivePaise < 0) {
    throw new RangeError(`Not an amount in paise: ${inclusivePaise}`);
  }
  if (!isRateBp(rateBp)) throw new RangeError(`Not a GST rate in basis points: ${rateBp}`);
  // amount × r / (1 + r) is the tax; each half is amount × rateBp / (2 × (10000 + rateBp)).
  const halfTaxPaise = mulDivRound(inclusivePaise, rateBp, 2 * (10_000 + rateBp));
  const taxPaise = 2 * halfTaxPaise;
  return { taxableValuePaise: inclusivePaise - taxPaise, halfTaxPaise, taxPaise };
}
