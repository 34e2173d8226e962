import { randomUUID } from 'node:crypto';
import { PRODUCT_FORM_LIMITS } from '@bazaar/shared';
import type { UnitOfWork } from '../../db/transaction';
import { type ImageRules, toWebp } from '../../lib/image-upload';
import type { FileStorage } from '../../lib/storage';
import { imageUrl, UPLOADS_PREFIX } from './image-url';
import { IMAGE_WIDTHS, variant, variantKey } from './uploads.routes';

/** Product pictures: at most 5 MB each, stored as WebP no larger than 1600 px, like the demo's. */
export const PRODUCT_IMAGE_RULES: ImageRules = {
  label: 'Each product image',
  maxBytes: PRODUCT_FORM_LIMITS.imageBytes,
  maxSide: 1600,
};

/** Checks and converts every upload before any is stored, so one bad file refuses the form whole. */
export function toProductWebps(files: readonly Buffer[]): Promise<Buffer[]> {
  return Promise.all(files.map((file) => toWebp(file, PRODUCT_IMAGE_RULES)));
}

/**
 * Stores the pictures and their resized variants (the widths the storefront
 * asks for with `?w=`), so the first shopper does not wait for them. The files
 * are removed again if the unit of work rolls back.
 */
export async function storeProductImages(
  storage: FileStorage,
  webps: readonly Buffer[],
  unit: UnitOfWork,
): Promise<string[]> {
  const keys = webps.map(() => `products/${randomUUID()}.webp`);
  unit.onRollback(() => removeImageFiles(storage, keys));
  for (const [i, key] of keys.entries()) {
    await storage.put(key, webps[i]!);
    for (const width of IMAGE_WIDTHS) await variant(storage, key, width);
  }
  return keys;
}

/** Removes stored pictures with their variants. */
export async function removeImageFiles(storage: FileStorage, keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.flatMap((key) => [
      storage.remove(key),
      ...IMAGE_WIDTHS.map((w) => storage.remove(variantKey(key, w))),
    ]),
  );
}

/** Only pictures this shop stored are its to remove; a product may also name an outside URL. */
export function isStoredProductImage(value: string): boolean {
  return value.startsWith('products/');
}

/** The stored value an image URL from a reply stands for (`/uploads/products/a.webp` → `products/a.webp`). */
export function storedValueOf(url: string): string {
  if (!url.startsWith(UPLOADS_PREFIX)) return url;
  try {
    return url.slice(UPLOADS_PREFIX.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return url;
  }
}

/** Both ways an order item may have copied a product image: the stored key and its URL. */
export function imageReferences(keys: readonly string[]): string[] {
  return keys.flatMap((key) => [key, imageUrl(key)]);
}
