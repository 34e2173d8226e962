/** Colour arithmetic for the shop's theme colour (WCAG 2.1 relative luminance and contrast). */

export type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb | undefined {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return undefined;
  const n = Number.parseInt(match[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
/** The lightest tinted surface the app puts brand-coloured text on (Tailwind's gray-100). */
const LIGHT_SURFACE: Rgb = [243, 244, 246];
/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

/** Darker by a factor, rounded to whole channels (what a hex colour can hold). */
const darken = (rgb: Rgb, factor: number): Rgb => rgb.map((c) => Math.floor(c * factor)) as Rgb;

/**
 * The colour itself when white text on it (and it as text on white or on a light grey surface) reaches
 * 4.5:1, otherwise the lightest darker shade of it that does: a pale colour an admin picks still themes
 * the shop without making text unreadable.
 */
export function textSafeShade(hex: string): string | undefined {
  const rgb = parseHex(hex);
  if (!rgb) return undefined;
  let factor = 1;
  const readable = (c: Rgb) =>
    contrastRatio(c, WHITE) >= AA_CONTRAST && contrastRatio(c, LIGHT_SURFACE) >= AA_CONTRAST;
  while (!readable(darken(rgb, factor)) && factor > 0) factor -= 0.01;
  return toHex(darken(rgb, Math.max(factor, 0)));
}

/** The theme's two shades: the text-safe colour and a darker one for hover and pressed states. */
export function themeShades(hex: string): { brand: string; brandDark: string } | undefined {
  const brand = textSafeShade(hex);
  if (!brand) return undefined;
  return { brand, brandDark: toHex(darken(parseHex(brand)!, 0.85)) };
}
