/** How long one slice of the index's bulk work runs before the event loop gets its turn. */
export const SLICE_MS = 20;

/**
 * Long work (a load, a rebuild, a bulk change) cut into slices: a loop asks
 * `due()` now and then and, when the slice has run its time, awaits `next()`,
 * which lets every request and timer waiting meanwhile run first. No slice
 * runs much past SLICE_MS, so a bulk change never holds the process's one
 * thread for long; a single sort of every product is the longest step.
 */
export class Slices {
  private started = performance.now();

  constructor(private readonly budgetMs = SLICE_MS) {}

  due(): boolean {
    return performance.now() - this.started >= this.budgetMs;
  }

  async next(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.started = performance.now();
  }

  /** Yields if the slice has run its time. */
  async pause(): Promise<void> {
    if (this.due()) await this.next();
  }
}

const RUN = 32;

/**
 * `slots` sorted by `compare` (ascending, stable), in slices: runs of 32 by
 * insertion, then merged pairwise, yielding whenever the slice has run its
 * time, so sorting a million products never holds the event loop for long.
 */
export async function sortInSlices(
  slots: Int32Array,
  compare: (a: number, b: number) => number,
  slices: Slices,
): Promise<Int32Array> {
  const n = slots.length;
  let src = slots.slice();
  let dst = new Int32Array(n);
  let steps = 0;
  for (let lo = 0; lo < n; lo += RUN) {
    const hi = Math.min(lo + RUN, n);
    for (let i = lo + 1; i < hi; i++) {
      const v = src[i]!;
      let j = i - 1;
      while (j >= lo && compare(src[j]!, v) > 0) {
        src[j + 1] = src[j]!;
        j--;
      }
      src[j + 1] = v;
    }
    steps += RUN * 4;
    if (steps >= 4096) {
      steps = 0;
      await slices.pause();
    }
  }
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        dst[k++] = compare(src[i]!, src[j]!) <= 0 ? src[i++]! : src[j++]!;
        if (++steps >= 4096) {
          steps = 0;
          await slices.pause();
        }
      }
      while (i < mid) dst[k++] = src[i++]!;
      while (j < hi) dst[k++] = src[j++]!;
    }
    [src, dst] = [dst, src];
  }
  return src;
}
