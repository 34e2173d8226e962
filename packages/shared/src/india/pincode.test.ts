import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPincode, isPincodeForm, pincodeStates } from './pincode';
import { PINCODE_RUNS } from './pincode-ranges';
import { STATE_CODES } from './states';

// One head post office's pincode in every state and union territory.
const CAPITALS: Record<string, string> = {
  '01': '190001', // Srinagar
  '02': '171001', // Shimla
  '03': '144001', // Jalandhar
  '04': '160017', // Chandigarh
  '05': '248001', // Dehradun
  '06': '122001', // Gurugram
  '07': '110001', // New Delhi
  '08': '302001', // Jaipur
  '09': '226001', // Lucknow
  '10': '800001', // Patna
  '11': '737101', // Gangtok
  '12': '791111', // Itanagar
  '13': '797001', // Kohima
  '14': '795001', // Imphal
  '15': '796001', // Aizawl
  '16': '799001', // Agartala
  '17': '793001', // Shillong
  '18': '781001', // Guwahati
  '19': '700001', // Kolkata
  '20': '834001', // Ranchi
  '21': '751001', // Bhubaneswar
  '22': '492001', // Raipur
  '23': '462001', // Bhopal
  '24': '380001', // Ahmedabad
  '26': '396210', // Daman
  '27': '400001', // Mumbai
  '29': '560001', // Bengaluru
  '30': '403001', // Panaji
  '31': '682555', // Kavaratti
  '32': '695001', // Thiruvananthapuram
  '33': '600001', // Chennai
  '34': '605001', // Puducherry
  '35': '744101', // Port Blair
  '36': '500001', // Hyderabad
  '37': '520001', // Vijayawada
  '38': '194101', // Leh
};

describe('pincode form', () => {
  it('is six digits, the first 1–9', () => {
    for (const ok of ['110001', '560001', '999999', '100000']) expect(isPincodeForm(ok)).toBe(true);
    for (const bad of ['056001', '56001', '5600011', '56OO01', ' 560001', '560 001', '', '५६०००१']) {
      expect(isPincodeForm(bad)).toBe(false);
    }
  });
});

describe('pincode and state', () => {
  it('places a known pincode in every one of the 36', () => {
    expect(Object.keys(CAPITALS).sort()).toEqual([...STATE_CODES]);
    for (const [code, pincode] of Object.entries(CAPITALS)) {
      expect(pincodeStates(pincode)).toEqual([code]);
      expect(checkPincode(pincode, code)).toEqual({ ok: true, states: [code] });
    }
  });

  it('says where a pincode is when it disagrees with the chosen state', () => {
    expect(checkPincode('560001', '32')).toEqual({
      ok: false,
      reason: 'state',
      states: ['29'],
      message: 'Pincode 560001 is in Karnataka, not Kerala',
    });
    expect(checkPincode('194101', '01')).toMatchObject({
      message: 'Pincode 194101 is in Ladakh, not Jammu and Kashmir',
    });
  });

  it('accepts either state where a pincode serves both, and names both otherwise', () => {
    expect(pincodeStates('160003')).toEqual(['03', '04']);
    expect(checkPincode('160003', '03').ok).toBe(true);
    expect(checkPincode('160003', '04').ok).toBe(true);
    expect(checkPincode('160003', '06')).toMatchObject({
      ok: false,
      message: 'Pincode 160003 is in Punjab or Chandigarh, not Haryana',
    });
    // Puducherry's enclaves: Mahe inside Kerala's 673, Yanam inside Andhra Pradesh's 533.
    expect(pincodeStates('673310')).toEqual(['32', '34']);
    expect(pincodeStates('533464')).toEqual(['34', '37']);
  });

  it('gives a pincode the directory does not list the states of its sorting district', () => {
    // 110098 is after the directory's last Delhi pincode, still in Delhi's district 110.
    expect(pincodeStates('110098')).toEqual(['07']);
    // Between Kerala's 682511 and Lakshadweep's 682551: district 682 is both.
    expect(pincodeStates('682530')).toEqual(['31', '32']);
  });

  it('refuses a pincode of good form that no state uses', () => {
    expect(checkPincode('290001', '29')).toMatchObject({
      ok: false,
      reason: 'unknown',
      message: 'Pincode 290001 is not a pincode India Post uses',
    });
    expect(checkPincode('900001', '07')).toMatchObject({
      ok: false,
      reason: 'unknown',
      message: expect.stringMatching(/^Pincode 900001 is an Army Postal Service pincode/),
    });
  });

  it('refuses a malformed pincode or an unknown state with a message', () => {
    expect(checkPincode('05600', '29')).toMatchObject({
      ok: false,
      reason: 'form',
      message: 'Enter a 6-digit pincode that does not start with 0',
    });
    expect(checkPincode('560001', '97')).toMatchObject({ ok: false, reason: 'state' });
  });

  it('ships runs that are sorted, disjoint and name only the 36', () => {
    let previous = 0;
    for (const [first, last, codes] of PINCODE_RUNS) {
      expect(first).toBeGreaterThan(previous);
      expect(last).toBeGreaterThanOrEqual(first);
      for (const code of codes.split('|')) expect(STATE_CODES).toContain(code);
      previous = last;
    }
  });

  it('answers every well-formed pincode with states from the 36 (or none), never throwing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100000, max: 999999 }), fc.constantFrom(...STATE_CODES), (pin, code) => {
        const states = pincodeStates(String(pin));
        for (const s of states) expect(STATE_CODES).toContain(s);
        const check = checkPincode(String(pin), code);
        expect(check.ok).toBe(states.includes(code));
        if (!check.ok) expect(check.message).toContain(String(pin));
      }),
    );
  });
});
