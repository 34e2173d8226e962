/** Public path prefix under which stored files are served. */
export const UPLOADS_PREFIX = '/uploads/';

/**
 * Turns a stored image value into a URL: storage keys such as
 * `products/shirt.webp` become `/uploads/products/shirt.webp`; absolute URLs
 * (and paths already rooted at `/`) are kept as they are.
 */
export function imageUrl(value: string): string {
  if (/^https?:\/\//i.test(value) || value.startsWith('/')) return value;
  return UPLOADS_PREFIX + value.split('/').map(encodeURIComponent).join('/');
}
