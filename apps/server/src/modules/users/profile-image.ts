import { randomBytes } from 'node:crypto';
import { AppError } from '../../lib/errors';
import { loadSharp } from '../../lib/image-memory';

export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const SIZE = 256;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'The profile image must be at most 5 MB.');
const notAnImage = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'The profile image must be a JPEG, PNG, WebP, GIF or AVIF picture.');

/**
 * Checks the bytes (never the file name or declared type) and turns any
 * accepted picture into a 256x256 WebP, which also drops its metadata.
 */
export async function toAvatarWebp(data: Buffer): Promise<Buffer> {
  if (data.length > PROFILE_IMAGE_MAX_BYTES) throw tooLarge();
  // A small pixel cap refuses decompression bombs before any decoding work.
  const options = { limitInputPixels: 50_000_000, failOn: 'error' as const };
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(data, options).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED.has(format)) throw notAnImage();
  try {
    return await sharp(data, options)
      .rotate()
      .resize(SIZE, SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw notAnImage();
  }
}

export function avatarKey(userId: string): string {
  return `avatars/${userId}-${randomBytes(6).toString('hex')}.webp`;
}

/** Only files this shop stored are removed; a provider's picture URL is not ours. */
export function isStoredKey(value: string | null): value is string {
  return !!value && value.startsWith('avatars/');
}
