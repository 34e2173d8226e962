import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrastRatio, parseHex, textSafeShade, themeShades, toHex } from './colour';

const WHITE = [255, 255, 255] as const;
const GREY_100 = [243, 244, 246] as const;

describe('theme colour', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio([0, 0, 0], [...WHITE])).toBeCloseTo(21, 5);
    expect(contrastRatio(parseHex('#2563eb')!, [...WHITE])).toBeCloseTo(5.17, 2);
  });

  it('keeps a colour that already reads well, and darkens a pale one just enough', () => {
    expect(textSafeShade('#2563eb')).toBe('#2563eb');
    const yellow = textSafeShade('#facc15')!;
    // Readable on the light grey surfaces too, and no darker than that needs.
    expect(contrastRatio(parseHex(yellow)!, [...GREY_100])).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrastRatio(parseHex(yellow)!, [...GREY_100])).toBeLessThan(AA_CONTRAST + 0.3);
    expect(textSafeShade('#c53030')).toBe('#c53030');
    expect(textSafeShade('#ffffff')).toBeDefined();
    expect(textSafeShade('red')).toBeUndefined();
  });

  it('always gives white text at least 4.5:1 on the brand and its darker shade, and the brand 4.5:1 as text on light grey', () => {
    fc.assert(
      fc.property(fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)), (rgb) => {
        const shades = themeShades(toHex(rgb as [number, number, number]))!;
        expect(contrastRatio(parseHex(shades.brand)!, [...WHITE])).toBeGreaterThanOrEqual(AA_CONTRAST);
        expect(contrastRatio(parseHex(shades.brand)!, [...GREY_100])).toBeGreaterThanOrEqual(AA_CONTRAST);
        expect(contrastRatio(parseHex(shades.brandDark)!, [...WHITE])).toBeGreaterThanOrEqual(AA_CONTRAST);
      }),
    );
  });
});
