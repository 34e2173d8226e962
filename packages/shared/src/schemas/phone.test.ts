import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INDIAN_MOBILE_MESSAGE, indianMobileSchema, normaliseIndianMobile } from './phone';

const mobile = fc
  .tuple(fc.constantFrom('6', '7', '8', '9'), fc.stringMatching(/^\d{9}$/))
  .map(([first, rest]) => first + rest);

/** The ways people write a number: a prefix, then the digits broken up by separators. */
const written = fc
  .tuple(
    mobile,
    fc.constantFrom('', '+91', '+91 ', '91', '0091', '0', '(+91) ', '+91-'),
    fc.array(fc.constantFrom(' ', '-', '.', ''), { minLength: 9, maxLength: 9 }),
  )
  .map(([digits, prefix, seps]) => ({
    digits,
    text: prefix + [...digits].map((d, i) => d + (seps[i] ?? '')).join(''),
  }));

describe('Indian mobile numbers', () => {
  it('normalises any way of writing a mobile number to +91 and its 10 digits', () => {
    fc.assert(
      fc.property(written, ({ digits, text }) => {
        expect(normaliseIndianMobile(text)).toBe(`+91${digits}`);
        expect(indianMobileSchema.parse(`  ${text} `)).toBe(`+91${digits}`);
      }),
    );
  });

  it('is idempotent: a normalised number stays as it is', () => {
    fc.assert(
      fc.property(mobile, (digits) => {
        const once = normaliseIndianMobile(digits)!;
        expect(normaliseIndianMobile(once)).toBe(once);
      }),
    );
  });

  it('refuses numbers outside the mobile series, of the wrong length or of another country', () => {
    for (const bad of [
      '5876543210', // not 6–9
      '0876543210',
      '987654321', // 9 digits
      '98765432101', // 11 digits without a trunk 0
      '+1 415 555 0100',
      '+449876543210',
      '919876543', // 91 and too few
      '98765 4321a',
      '',
      '+',
      '++919876543210',
      '9876543210 ext 5',
    ]) {
      expect(normaliseIndianMobile(bad), bad).toBeUndefined();
      const parsed = indianMobileSchema.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(INDIAN_MOBILE_MESSAGE);
    }
  });

  it('refuses any string of digits that does not start 6–9 once its prefix is taken away', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('0', '1', '2', '3', '4', '5'),
        fc.stringMatching(/^\d{9}$/),
        (first, rest) => {
          expect(normaliseIndianMobile(`+91${first}${rest}`)).toBeUndefined();
        },
      ),
    );
  });

  it('refuses text too long to be a number before reading it', () => {
    const parsed = indianMobileSchema.safeParse(`9876543210${' '.repeat(30)}x`);
    expect(parsed.success).toBe(false);
    expect(indianMobileSchema.safeParse(42).error?.issues[0]?.message).toBe(INDIAN_MOBILE_MESSAGE);
  });
});
