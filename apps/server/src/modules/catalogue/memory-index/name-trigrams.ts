/** Every three-character run of a text as a number (three UTF-16 units); a run held twice comes twice. */
function trigramsOf(text: string): number[] {
  const grams: number[] = [];
  for (let i = 0; i + 3 <= text.length; i++) {
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

  /** Starts again from the names of slots 0…slots (undefined: no product there). */
  rebuild(slots: number, nameOf: (slot: number) => string | undefined): void {
    const lists = new Map<number, number[]>();
    let entries = 0;
    for (let slot = 0; slot < slots; slot++) {
      const name = nameOf(slot);
      if (name === undefined) continue;
      for (const gram of trigramsOf(name)) {
        let list = lists.get(gram);
        if (!list) {
          list = [];
          lists.set(gram, list);
        }
        list.push(slot);
        entries += 1;
      }
    }
    this.frozen = new Map([...lists].map(([gram, list]) => [gram, Int32Array.from(list)]));
    this.frozenEntries = entries;
    this.added = new Map();
    this.addedEntries = 0;
  }

  /**
   * The slots whose names may hold `term` (three characters or more): those
   * holding its rarest run, some perhaps twice or stale. Undefined when the
   * term is shorter than a run; empty when some run of it is in no name.
   */
  candidates(term: string): { frozen: Int32Array; added: readonly number[] } | undefined {
    if (term.length < 3) return undefined;
    let best: { frozen: Int32Array; added: readonly number[] } | undefined;
    let bestSize = Number.POSITIVE_INFINITY;
    for (const gram of trigramsOf(term)) {
      const frozen = this.frozen.get(gram) ?? EMPTY;
      const added = this.added.get(gram) ?? NOTHING;
      const size = frozen.length + added.length;
      if (size < bestSize) {
        best = { frozen, added };
        bestSize = size;
      }
      if (size === 0) break;
    }
    return best;
  }
}

const EMPTY = new Int32Array(0);
const NOTHING: readonly number[] = [];
