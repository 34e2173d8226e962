import { describe, expect, it } from 'vitest';
import { pincodeRuns } from './build-pincode-ranges';

const office = (pincode: number, state: string, district = 'Somewhere') => ({ pincode, state, district });

describe('building the pincode runs from the directory', () => {
  it('merges consecutive pincodes of the same states and splits where they change', () => {
    const runs = pincodeRuns([
      office(560002, 'Karnataka'),
      office(560001, 'Karnataka'),
      office(560001, 'Karnataka'),
      office(560099, 'Karnataka'),
      office(600001, 'Tamil Nadu'),
      office(605007, 'Tamil Nadu'),
      office(605007, 'Pondicherry'),
      office(605008, 'Pondicherry'),
    ]);
    expect(runs).toEqual([
      [560001, 560099, '29'],
      [600001, 600001, '33'],
      [605007, 605007, '33|34'],
      [605008, 605008, '34'],
    ]);
  });

  it('brings the directory up to date: Ladakh, the merged DNH and DD, the directory’s spellings', () => {
    const runs = pincodeRuns([
      office(194101, 'Jammu & Kashmir', 'Leh'),
      office(194103, 'Jammu & Kashmir', 'Kargil'),
      office(190001, 'Jammu & Kashmir', 'Srinagar'),
      office(396210, 'Daman & Diu'),
      office(396230, 'Dadra & Nagar Haveli'),
      office(490001, 'Chattisgarh'),
    ]);
    expect(runs).toEqual([
      [190001, 190001, '01'],
      [194101, 194103, '38'],
      [396210, 396230, '26'],
      [490001, 490001, '22'],
    ]);
  });

  it('refuses a state it cannot name', () => {
    expect(() => pincodeRuns([office(110001, 'Atlantis')])).toThrow(/Atlantis/);
  });
});
