import { describe, expect, it } from 'vitest';
import { INDIAN_STATES, isStateCode, STATE_CODES, stateByCode, stateName, stateWithCode } from './states';

describe('the 36 states and union territories', () => {
  it('lists 28 states and 8 union territories, each code once', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(INDIAN_STATES.filter((s) => s.kind === 'state')).toHaveLength(28);
    expect(INDIAN_STATES.filter((s) => s.kind === 'union-territory')).toHaveLength(8);
    expect(new Set(STATE_CODES).size).toBe(36);
    expect(new Set(INDIAN_STATES.map((s) => s.name)).size).toBe(36);
    expect([...STATE_CODES]).toEqual([...STATE_CODES].sort());
  });

  it('uses today’s codes: the merged DNH and DD at 26, Telangana 36, Andhra Pradesh 37, Ladakh 38', () => {
    expect(stateName('26')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(stateName('36')).toBe('Telangana');
    expect(stateName('37')).toBe('Andhra Pradesh');
    expect(stateName('38')).toBe('Ladakh');
    expect(stateName('29')).toBe('Karnataka');
    expect(stateName('07')).toBe('Delhi');
    const expected = [
      ...Array.from({ length: 24 }, (_, i) => String(i + 1).padStart(2, '0')),
      ...['26', '27', '29', '30', '31', '32', '33', '34', '35', '36', '37', '38'],
    ];
    expect([...STATE_CODES]).toEqual(expected);
  });

  it('leaves out retired and non-state codes', () => {
    for (const code of ['00', '25', '28', '39', '96', '97', '99', '1', '290', 'KA']) {
      expect(isStateCode(code)).toBe(false);
      expect(stateByCode(code)).toBeUndefined();
    }
    expect(() => stateName('97')).toThrow(RangeError);
  });

  it('names UTGST for the union territories without a legislature, SGST elsewhere', () => {
    const utgst = INDIAN_STATES.filter((s) => s.stateTax === 'UTGST').map((s) => s.code);
    expect(utgst).toEqual(['04', '26', '31', '35', '38']);
    for (const code of ['01', '07', '34']) {
      expect(stateByCode(code)).toMatchObject({ kind: 'union-territory', stateTax: 'SGST' });
    }
  });

  it('writes a state with its code as an invoice does', () => {
    expect(stateWithCode('29')).toBe('Karnataka (29)');
  });
});
