import { describe, expect, it } from 'vitest';
import { GST_RATE_SUGGESTIONS_BP, isHsnCode } from './hsn';
import { isRateBp } from './rates';

describe('HSN codes and suggested rates', () => {
  it('takes 4, 6 or 8 digits only', () => {
    for (const ok of ['9405', '610910', '85171300']) expect(isHsnCode(ok)).toBe(true);
    for (const bad of ['', '940', '94051', '9405101', '940510100', '94O5', ' 9405'])
      expect(isHsnCode(bad)).toBe(false);
  });
  it('suggests only rates the shop accepts', () => {
    for (const bp of GST_RATE_SUGGESTIONS_BP) expect(isRateBp(bp)).toBe(true);
  });
});
