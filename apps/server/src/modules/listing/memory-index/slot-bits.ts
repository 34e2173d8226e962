/**
 * A small set of dictionary numbers per slot (a product's colours, its
 * sizes) as bits in one typed array, `words` 32-bit words a slot: testing a
 * selection or counting the values is a few word operations on memory next
 * to the neighbouring slots', not a walk through one object per product. A
 * dictionary growing past the words' bits widens every slot once.
 */
export class SlotBits {
  words = 1;
  bits = new Uint32Array(0);
  private capacity = 0;

  reserve(capacity: number): void {
    if (capacity <= this.capacity) return;
    const bits = new Uint32Array(capacity * this.words);
    bits.set(this.bits);
    this.bits = bits;
    this.capacity = capacity;
  }

  set(slot: number, ids: readonly number[]): void {
    const widest = ids.reduce((max, id) => Math.max(max, id), -1);
    if (widest >= this.words * 32) this.widen(Math.floor(widest / 32) + 1);
    const at = slot * this.words;
    this.bits.fill(0, at, at + this.words);
    for (const id of ids) this.bits[at + (id >>> 5)]! |= 1 << (id & 31);
  }

  /** A selection of values as words to test slots against (ids beyond every slot's words are dropped: no slot holds them). */
  mask(ids: readonly number[]): Uint32Array {
    const mask = new Uint32Array(this.words);
    for (const id of ids) if (id >>> 5 < this.words) mask[id >>> 5]! |= 1 << (id & 31);
    return mask;
  }

  /** Whether the slot holds any value of the mask. */
  any(slot: number, mask: Uint32Array): boolean {
    const at = slot * this.words;
    for (let w = 0; w < this.words; w++) if ((this.bits[at + w]! & mask[w]!) !== 0) return true;
    return false;
  }

  /** Adds `by` to the count of each value the slot holds. */
  count(slot: number, counts: Int32Array, by = 1): void {
    const at = slot * this.words;
    for (let w = 0; w < this.words; w++) {
      let word = this.bits[at + w]!;
      while (word !== 0) {
        const low = word & -word;
        const id = (w << 5) + 31 - Math.clz32(low);
        counts[id]! += by;
        word ^= low;
      }
    }
  }

  /** Calls `visit` with each value the slot holds, lowest first (for updates; `count` is the hot path). */
  each(slot: number, visit: (id: number) => void): void {
    const at = slot * this.words;
    for (let w = 0; w < this.words; w++) {
      let word = this.bits[at + w]!;
      while (word !== 0) {
        const low = word & -word;
        visit((w << 5) + 31 - Math.clz32(low));
        word ^= low;
      }
    }
  }

  private widen(words: number): void {
    const bits = new Uint32Array(this.capacity * words);
    for (let slot = 0; slot < this.capacity; slot++) {
      bits.set(this.bits.subarray(slot * this.words, (slot + 1) * this.words), slot * words);
    }
    this.bits = bits;
    this.words = words;
  }
}
