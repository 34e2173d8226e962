import type { Slices } from './slices';

/** Every three-character run of a text (its first `end` units) as a number (three UTF-16 units); a run held twice comes twice. */
function trigramsOf(text: string, end = text.length): number[] {
  const grams: number[] = [];
  for (let i = 0; i + 3 <= end; i++) {
    grams.push((text.charCodeAt(i) * 65536 + text.charCodeAt(i + 1)) * 65536 + text.charCodeAt(i + 2));
  }
  return grams;
}

/**
 * Which slots' names hold each three-character run, so a search term of three
 * or more characters looks only at the names holding its rarest run instead
 * of at every name (PostgreSQL's pg_trgm index does the same for LIKE).
 * Entries are only ever added: a renamed or removed product's old entries
 * stay until the next rebuild, and the caller checks every candidate against
 * the name itself, which it must do anyway (holding every run of a term does
 * not mean holding the term).
 */
export class NameTrigrams {
  private frozen = new Map<number, Int32Array>();
  private added = new Map<number, number[]>();
  private frozenEntries = 0;
  private addedEntries = 0;

  add(slot: number, name: string): void {
    for (const gram of trigramsOf(name)) {
      let list = this.added.get(gram);
      if (!list) {
        list = [];
        this.added.set(gram, list);
      }
      list.push(slot);
      this.addedEntries += 1;
    }
  }

  /** Whether enough entries were added since the last rebuild that one is worth its pause. */
  get wantsRebuild(): boolean {
    return this.addedEntries > 50_000 && this.addedEntries > this.frozenEntries / 4;
  }

  /**
   * Starts again from the names of slots 0…slots: each a text whose first `nameEnd[slot]` units are
   * the name (read in place: a copy of every name was much of a load's garbage); undefined: no product there.
   */
  async rebuild(
    slots: number,
    textOf: (slot: number) => string | undefined,
    nameEnd: Int32Array,
    slices: Slices,
  ): Promise<void> {
    const lists = new Map<number, number[]>();
    let entries = 0;
    for (let slot = 0; slot < slots; slot++) {
      if ((slot & 1023) === 0) await slices.pause();
      const text = textOf(slot);
      if (text === undefined) continue;
      for (const gram of trigramsOf(text, nameEnd[slot])) {
        let list = lists.get(gram);
        if (!list) {
          list = [];
          lists.set(gram, list);
        }
        list.push(slot);
        entries += 1;
      }
    }
    const frozen = new Map<number, Int32Array>();
    let i = 0;
    for (const [gram, list] of lists) {
      frozen.set(gram, Int32Array.from(list));
      if ((i++ & 1023) === 0) await slices.pause();
    }
    this.frozen = frozen;
    this.frozenEntries = entries;
    this.added = new Map();
    this.addedEntries = 0;
  }

  /**
   * The slots whose names may hold `term` (three characters or more): those
   * holding its two rarest runs, some perhaps twice or stale. A slot written
   * since the last rebuild has all its runs among the added entries, any other
   * all among the frozen ones, so each kind is intersected on its own.
   * Undefined when the term is shorter than a run.
   */
  candidates(term: string): { frozen: Int32Array; added: readonly number[] } | undefined {
    if (term.length < 3) return undefined;
    const grams = trigramsOf(term);
    const frozen = grams.map((g) => this.frozen.get(g) ?? EMPTY).sort((a, b) => a.length - b.length);
    const added = grams.map((g) => this.added.get(g) ?? NOTHING).sort((a, b) => a.length - b.length);
    return {
      frozen: frozen.length > 1 ? intersectSorted(frozen[0]!, frozen[1]!) : frozen[0]!,
      added: added.length > 1 ? intersect(added[0]!, added[1]!) : added[0]!,
    };
  }
}

/** The entries of two ascending lists found in both, ascending (one pass over each). */
function intersectSorted(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x < y) i++;
    else if (y < x) j++;
    else {
      out[n++] = x;
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}

/** The entries of a small unordered list found in another. */
function intersect(a: readonly number[], b: readonly number[]): readonly number[] {
  if (!a.length || !b.length) return NOTHING;
  const inB = new Set(b);
  return a.filter((slot) => inB.has(slot));
}

const EMPTY = new Int32Array(0);
const NOTHING: readonly number[] = [];
