/**
 * Pincode checks: the form (six digits, the first 1–9) and whether a pincode agrees with the state a
 * shopper chose. States come from India Post's directory reduced to runs (`pincode-ranges.ts`); a pincode
 * the directory does not list (a newer one) takes the states of the runs on either side that share its
 * first three digits (its sorting district), so a new pincode in a known district is never refused.
 */
import { PINCODE_RUNS } from './pincode-ranges';
import { isStateCode, type StateCode, stateName } from './states';

const PINCODE = /^[1-9][0-9]{5}$/;

/** Six digits, the first 1–9 (India Post's PIN form). */
export function isPincodeForm(pincode: string): boolean {
  return PINCODE.test(pincode);
}

const district = (pincode: number) => Math.floor(pincode / 1000);

function runIndexAtOrBefore(pincode: number): number {
  let lo = 0;
  let hi = PINCODE_RUNS.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const run = PINCODE_RUNS[mid]!;
    if (run[0] <= pincode) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/**
 * The states a pincode of valid form belongs to (GST codes, in code order): one for nearly every
 * pincode, two where a post office serves both sides of a border, none for a pincode no state uses
 * (an unallocated district, or Army Postal Service's 9xxxxx).
 */
export function pincodeStates(pincode: string): StateCode[] {
  if (!isPincodeForm(pincode)) return [];
  const pin = Number(pincode);
  const at = runIndexAtOrBefore(pin);
  const before = PINCODE_RUNS[at];
  if (before && pin <= before[1]) return before[2].split('|');
  const after = PINCODE_RUNS[at + 1];
  const codes = new Set<string>();
  if (before && district(before[1]) === district(pin)) for (const c of before[2].split('|')) codes.add(c);
  if (after && district(after[0]) === district(pin)) for (const c of after[2].split('|')) codes.add(c);
  return [...codes].sort();
}

export type PincodeCheck =
  | { ok: true; states: StateCode[] }
  | { ok: false; reason: 'form' | 'unknown' | 'state'; states: StateCode[]; message: string };

const names = (codes: readonly StateCode[]) => codes.map(stateName).join(' or ');

/**
 * Whether a pincode is well formed and lies in the chosen state, with the message to show under the
 * pincode field when it is not: "Pincode 560001 is in Karnataka, not Kerala".
 */
export function checkPincode(pincode: string, stateCode: StateCode): PincodeCheck {
  if (!isPincodeForm(pincode)) {
    return {
      ok: false,
      reason: 'form',
      states: [],
      message: 'Enter a 6-digit pincode that does not start with 0',
    };
  }
  const states = pincodeStates(pincode);
  if (!isStateCode(stateCode)) {
    return { ok: false, reason: 'state', states, message: 'Choose the state from the list' };
  }
  if (states.length === 0) {
    const message = pincode.startsWith('9')
      ? `Pincode ${pincode} is an Army Postal Service pincode; enter the pincode of a delivery address`
      : `Pincode ${pincode} is not a pincode India Post uses`;
    return { ok: false, reason: 'unknown', states, message };
  }
  if (!states.includes(stateCode)) {
    return {
      ok: false,
      reason: 'state',
      states,
      message: `Pincode ${pincode} is in ${names(states)}, not ${stateName(stateCode)}`,
    };
  }
  return { ok: true, states };
}
