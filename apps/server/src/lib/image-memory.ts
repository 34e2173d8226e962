import sharp from 'sharp';

/**
 * libvips keeps the results of its last 100 operations (up to 50 MB) for reuse. This shop resizes a
 * picture once and stores the variant, so the cache is never hit: it only held memory, and what libvips
 * frees goes back to malloc's arenas, not to the system.
 */
export function limitImageMemory(): void {
  sharp.cache(false);
}
