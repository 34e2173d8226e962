import type Sharp from 'sharp';

let loaded: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded with the first picture to decode or resize rather than at start-up: some
 * 25 MB a restarted shop whose pictures are all made already never pays for.
 *
 * libvips keeps the results of its last 100 operations (up to 50 MB) for reuse. This shop resizes a
 * picture once and stores the variant, so the cache is never hit: it only held memory, and what libvips
 * frees goes back to malloc's arenas, not to the system. It is switched off as sharp loads.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
