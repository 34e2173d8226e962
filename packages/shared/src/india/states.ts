/**
 * India's 36 states and union territories as GST knows them: the two-digit state code that opens every
 * GSTIN and names the place of supply, and whether the state's half of intra-state tax is SGST or UTGST.
 *
 * The list is today's (since 26 January 2020): 26 is the merged Dadra and Nagar Haveli and Daman and Diu,
 * 37 Andhra Pradesh, 36 Telangana, 38 Ladakh. Codes that are not one of the 36 are left out on purpose:
 * 25 (Daman and Diu before the merger) and 28 (Andhra Pradesh before 2014) are retired, 96 (foreign
 * country), 97 ("Other Territory": the continental shelf and exclusive economic zone) and 99 (Centre
 * jurisdiction) name no state a shopper can live in.
 */

/** A state's two-digit GST code, "01".."38". */
export type StateCode = string;

export interface IndianState {
  code: StateCode;
  name: string;
  kind: 'state' | 'union-territory';
  /**
   * The state's half of intra-state tax: SGST in the states and in the union territories with their own
   * legislature (Delhi, Puducherry, Jammu and Kashmir), UTGST in the other union territories.
   */
  stateTax: 'SGST' | 'UTGST';
}

const state = (code: string, name: string): IndianState => ({ code, name, kind: 'state', stateTax: 'SGST' });
const ut = (code: string, name: string, stateTax: 'SGST' | 'UTGST' = 'UTGST'): IndianState => ({
  code,
  name,
  kind: 'union-territory',
  stateTax,
});

/** The 36, in order of their GST code. */
export const INDIAN_STATES: readonly IndianState[] = Object.freeze([
  ut('01', 'Jammu and Kashmir', 'SGST'),
  state('02', 'Himachal Pradesh'),
  state('03', 'Punjab'),
  ut('04', 'Chandigarh'),
  state('05', 'Uttarakhand'),
  state('06', 'Haryana'),
  ut('07', 'Delhi', 'SGST'),
  state('08', 'Rajasthan'),
  state('09', 'Uttar Pradesh'),
  state('10', 'Bihar'),
  state('11', 'Sikkim'),
  state('12', 'Arunachal Pradesh'),
  state('13', 'Nagaland'),
  state('14', 'Manipur'),
  state('15', 'Mizoram'),
  state('16', 'Tripura'),
  state('17', 'Meghalaya'),
  state('18', 'Assam'),
  state('19', 'West Bengal'),
  state('20', 'Jharkhand'),
  state('21', 'Odisha'),
  state('22', 'Chhattisgarh'),
  state('23', 'Madhya Pradesh'),
  state('24', 'Gujarat'),
  ut('26', 'Dadra and Nagar Haveli and Daman and Diu'),
  state('27', 'Maharashtra'),
  state('29', 'Karnataka'),
  state('30', 'Goa'),
  ut('31', 'Lakshadweep'),
  state('32', 'Kerala'),
  state('33', 'Tamil Nadu'),
  ut('34', 'Puducherry', 'SGST'),
  ut('35', 'Andaman and Nicobar Islands'),
  state('36', 'Telangana'),
  state('37', 'Andhra Pradesh'),
  ut('38', 'Ladakh'),
]);

/** The 36 codes, for a zod enum or a select's options. */
export const STATE_CODES = Object.freeze(INDIAN_STATES.map((s) => s.code)) as readonly StateCode[];

const byCode = new Map(INDIAN_STATES.map((s) => [s.code, s]));

export function isStateCode(code: string): boolean {
  return byCode.has(code);
}

/** The state with this GST code, or undefined for a code outside the 36. */
export function stateByCode(code: string): IndianState | undefined {
  return byCode.get(code);
}

/** The state's name for a code known to be one of the 36 (throws otherwise: a bug, not user input). */
export function stateName(code: StateCode): string {
  const found = byCode.get(code);
  if (!found) throw new RangeError(`${JSON.stringify(code)} is not the GST code of an Indian state`);
  return found.name;
}

/** "Karnataka (29)": how an invoice names a state with its code (Rule 46 asks for both). */
export function stateWithCode(code: StateCode): string {
  return `${stateName(code)} (${code})`;
}
