/**
 * Noto Sans (SIL Open Font License 1.1, which allows embedding), from @expo-google-fonts/noto-sans: it
 * has the rupee sign, which the PDF standard fonts lack. Parsed once per process with fontkit (pdfkit's
 * own font engine) and handed to every document: parsing the two fonts' tables was most of a render's
 * time. pdfkit still embeds, per document, only the glyphs that document uses. fontkit is loaded with the
 * first document, as pdfkit is: together some 30 MB a shop that issues no invoice never pays for.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';

const require = createRequire(import.meta.url);
let fonts: Promise<{ regular: Font; bold: Font }> | undefined;

function load(create: typeof import('fontkit').create, path: string): Font {
  const font = create(readFileSync(require.resolve(path)));
  if (!('layout' in font)) throw new Error(`${path} is a font collection, not a font`);
  return font;
}

export function invoiceFonts(): Promise<{ regular: Font; bold: Font }> {
  fonts ??= import('fontkit').then(({ create }) => ({
    regular: load(create, '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
    bold: load(create, '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  }));
  return fonts;
}
