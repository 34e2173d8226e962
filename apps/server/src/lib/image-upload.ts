import { AppError } from './errors';
import { loadSharp } from './image-memory';

/**
 * 40 megapixels: more than any phone or camera photo. A decompression bomb (a
 * small file declaring, say, 30000 × 30000 pixels) is refused from its header,
 * before any pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

type RasterFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'tiff';

const ascii = (data: Buffer, start: number, end: number) => data.subarray(start, end).toString('latin1');

/**
 * The raster format the file's first bytes announce, or undefined. Only these
 * reach the decoder: SVG (XML that may carry script and external references),
 * PDF, HTML or a script renamed .png are refused by their bytes, whatever their
 * name or declared type.
 */
export function sniffRasterFormat(data: Buffer): RasterFormat | undefined {
  if (data.length < 12) return undefined;
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (ascii(data, 0, 6) === 'GIF87a' || ascii(data, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'webp';
  if (ascii(data, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(data, 8, 12))) return 'avif';
  if (ascii(data, 0, 4) === 'II*\0' || ascii(data, 0, 4) === 'MM\0*') return 'tiff';
  return undefined;
}

export interface ImageRules {
  /** How the form names the picture in messages ("Each product image", "The logo"). */
  label: string;
  maxBytes: number;
  /** The stored picture fits in a square of this many pixels (never enlarged). */
  maxSide: number;
}

const refused = (label: string) =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `${label} must be a JPEG, PNG, WebP, GIF or AVIF picture (SVG and other files are not accepted).`,
  );

/**
 * Checks an uploaded picture by its content and converts it to WebP: size,
 * signature, the decoder's own reading of it, its pixel count; then it is
 * turned upright, fitted within `maxSide` and re-encoded, which also drops its
 * metadata (camera, location).
 */
export async function toWebp(data: Buffer, rules: ImageRules): Promise<Buffer> {
  if (data.length > rules.maxBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `${rules.label} must be at most ${rules.maxBytes / 1024 / 1024} MB.`,
    );
  }
  const sniffed = sniffRasterFormat(data);
  if (!sniffed) throw refused(rules.label);
  const sharp = await loadSharp();
  // Reads the header only; the pixel count is checked below with a message of its own.
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!meta) throw refused(rules.label);
  const format = meta.format === 'heif' ? 'avif' : meta.format;
  if (format !== sniffed || !meta.width || !meta.height) throw refused(rules.label);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `${rules.label} is ${meta.width} × ${meta.height} pixels; at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted.`,
    );
  }
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: rules.maxSide, height: rules.maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw refused(rules.label);
  }
}
