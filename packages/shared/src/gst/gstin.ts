/**
 * GSTIN, the 15-character GST identification number of a regular taxpayer:
 *
 *   27 AAPFU0939F 1 Z V
 *   │  │          │ │ └ check character (Luhn mod 36 over the first 14, as GSTN computes it)
 *   │  │          │ └── "Z" for every regular registration
 *   │  │          └──── entity number: the holder's 1st..35th registration in that state (1–9, A–Z)
 *   │  └─────────────── the holder's PAN: 5 letters (the 4th its kind of holder), 4 digits, a letter
 *   └────────────────── state code, one of the 36 (see india/states.ts)
 *
 * Special registrations (UN bodies, non-resident online services, TDS and TCS deductors) use other
 * layouts and are refused here: the shop and its B2B buyers are regular taxpayers.
 */
import { isStateCode, type StateCode } from '../india/states';

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
// PAN's 4th character: Association of persons, Body of individuals, Company, LLP (E), Firm, Government,
// HUF, artificial Juridical person, farmer's group (K), Local authority, individual (P), Trust.
const LAYOUT = /^[0-9]{2}[A-Z]{3}[ABCEFGHJKLPT][A-Z][0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character for the first 14 characters of a GSTIN (upper case, digits and letters). */
export function gstinCheckCharacter(first14: string): string {
  if (first14.length !== 14) throw new RangeError('A GSTIN’s check character covers 14 characters');
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = CHARS.indexOf(first14[i]!);
    if (value < 0) throw new RangeError(`${JSON.stringify(first14[i])} cannot appear in a GSTIN`);
    // From the right, every second character counts double (the rightmost of the 14 included).
    const product = value * (i % 2 === 1 ? 2 : 1);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

export type GstinCheck =
  | { ok: true; gstin: string; stateCode: StateCode; pan: string }
  | { ok: false; message: string };

/** Spaces and case a person may type are forgiven; everything else must be exact. */
export function normaliseGstin(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/**
 * Whether a string is a GSTIN: its layout, a state code among the 36, a PAN whose digits are not 0000,
 * and the check character. The message says which part is wrong.
 */
export function checkGstin(input: string): GstinCheck {
  const gstin = normaliseGstin(input);
  if (gstin.length !== 15) return { ok: false, message: 'A GSTIN has 15 characters' };
  if (!LAYOUT.test(gstin)) {
    return {
      ok: false,
      message:
        'A GSTIN is a 2-digit state code, a 10-character PAN, an entity number, Z and a check character',
    };
  }
  const stateCode = gstin.slice(0, 2);
  if (!isStateCode(stateCode)) {
    return { ok: false, message: `${stateCode} is not the GST code of an Indian state or union territory` };
  }
  if (gstin.slice(7, 11) === '0000') return { ok: false, message: 'The PAN in this GSTIN is not valid' };
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return {
      ok: false,
      message: 'This GSTIN’s last character does not match: check it for a typing mistake',
    };
  }
  return { ok: true, gstin, stateCode, pan: gstin.slice(2, 12) };
}

export function isGstin(input: string): boolean {
  return checkGstin(input).ok;
}
