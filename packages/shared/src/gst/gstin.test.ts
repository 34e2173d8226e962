import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STATE_CODES } from '../india/states';
import { checkGstin, gstinCheckCharacter, isGstin } from './gstin';

// Published examples: GSTN's own (python-stdnum's doctest) and India Compliance's test company.
const KNOWN = ['27AAPFU0939F1ZV', '24AAQCA8719H1ZC', '27AAQCA8719H1Z6'];
const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');
const body = fc
  .tuple(
    fc.constantFrom(...STATE_CODES),
    fc.array(letter, { minLength: 3, maxLength: 3 }),
    fc.constantFrom(...'ABCEFGHJKLPT'),
    letter,
    fc.array(digit, { minLength: 4, maxLength: 4 }).filter((d) => d.join('') !== '0000'),
    letter,
    fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
  )
  .map(([state, first3, kind, initial, digits, last, entity]) =>
    [state, ...first3, kind, initial, ...digits, last, entity, 'Z'].join(''),
  );

describe('GSTIN', () => {
  it('accepts published GSTINs and reads their state and PAN', () => {
    for (const gstin of KNOWN) expect(isGstin(gstin)).toBe(true);
    expect(checkGstin('27aapfu0939f1zv')).toEqual({
      ok: true,
      gstin: '27AAPFU0939F1ZV',
      stateCode: '27',
      pan: 'AAPFU0939F',
    });
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('says what is wrong', () => {
    expect(checkGstin('27AAPFU0939F1Z')).toEqual({ ok: false, message: 'A GSTIN has 15 characters' });
    expect(checkGstin('27AAPFU0939F1ZO').ok).toBe(false);
    expect(checkGstin('27AAPFU0939F1ZO')).toMatchObject({ message: expect.stringMatching(/last character/) });
    expect(checkGstin('97AAPFU0939F1ZV')).toMatchObject({ message: expect.stringMatching(/^97 is not/) });
    expect(checkGstin('25AAPFU0939F1ZV')).toMatchObject({ ok: false });
    expect(checkGstin('27AAPFU0000F1ZV')).toMatchObject({ message: 'The PAN in this GSTIN is not valid' });
    expect(checkGstin('27AAPXU0939F1ZV')).toMatchObject({ ok: false }); // X is no kind of PAN holder
    expect(checkGstin('27AAPFU0939F0ZV')).toMatchObject({ ok: false }); // entity number 0
    expect(checkGstin('27AAPFU0939F1YV')).toMatchObject({ ok: false }); // 14th must be Z
  });

  it('accepts any body with its computed check character', () => {
    fc.assert(
      fc.property(body, (b) => {
        expect(isGstin(b + gstinCheckCharacter(b))).toBe(true);
      }),
    );
  });

  it('refuses any GSTIN with one character changed', () => {
    fc.assert(
      fc.property(body, fc.nat(14), fc.constantFrom(...CHARS), (b, at, replacement) => {
        const gstin = b + gstinCheckCharacter(b);
        fc.pre(gstin[at] !== replacement);
        const changed = gstin.slice(0, at) + replacement + gstin.slice(at + 1);
        expect(isGstin(changed)).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });

  // Luhn mod 36 misses one swap, 0 and Z, and no two neighbouring places of the layout allow both.
  it('refuses two neighbouring characters swapped', () => {
    fc.assert(
      fc.property(body, fc.nat(13), (b, at) => {
        const gstin = b + gstinCheckCharacter(b);
        fc.pre(gstin[at] !== gstin[at + 1]);
        const swapped = gstin.slice(0, at) + gstin[at + 1] + gstin[at] + gstin.slice(at + 2);
        expect(isGstin(swapped)).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });
});
