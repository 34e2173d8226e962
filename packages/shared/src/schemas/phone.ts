import { z } from 'zod';

// Indian mobile numbers: 10 digits starting 6–9 (the numbering plan's mobile series), written however
// people write them: "+91 98765 43210", "098765-43210", "(91) 98765 43210", "9876543210".

export const INDIAN_MOBILE_MESSAGE =
  'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9 (with or without +91).';

/** What a person may type around the digits: spaces, hyphens, dots and brackets. */
const SEPARATORS = /[\s\-.()]/g;

/**
 * The number in E.164 form ("+919876543210"), or undefined when it is not an Indian mobile number.
 * A leading +91, 0091, 91 (when 12 digits are left) or the trunk prefix 0 is accepted once.
 */
export function normaliseIndianMobile(input: string): string | undefined {
  const compact = input.trim().replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(compact)) return undefined;
  let digits: string;
  if (compact.startsWith('+')) {
    if (!compact.startsWith('+91')) return undefined;
    digits = compact.slice(3);
  } else if (compact.startsWith('0091')) {
    digits = compact.slice(4);
  } else if (compact.length === 12 && compact.startsWith('91')) {
    digits = compact.slice(2);
  } else if (compact.length === 11 && compact.startsWith('0')) {
    digits = compact.slice(1);
  } else {
    digits = compact;
  }
  return /^[6-9]\d{9}$/.test(digits) ? `+91${digits}` : undefined;
}

/** The longest a typed number may be (separators and all) before it is refused unread. */
export const PHONE_INPUT_MAX = 30;

/**
 * An Indian mobile number as a person types it, parsed to E.164 ("+919876543210"); anything else is a
 * 400 with INDIAN_MOBILE_MESSAGE. Every form and every message recipient uses this one rule.
 */
export const indianMobileSchema = z
  .string(INDIAN_MOBILE_MESSAGE)
  .trim()
  .max(PHONE_INPUT_MAX, INDIAN_MOBILE_MESSAGE)
  .transform((value, ctx) => {
    const number = normaliseIndianMobile(value);
    if (number === undefined) {
      ctx.addIssue({ code: 'custom', message: INDIAN_MOBILE_MESSAGE });
      return z.NEVER;
    }
    return number;
  });
export type IndianMobile = z.output<typeof indianMobileSchema>;
