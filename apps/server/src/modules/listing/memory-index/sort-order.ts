/** Orders slots ascending; never 0 for two different slots (the product id breaks every tie). */
export type SlotComparator = (a: number, b: number) => number;

/**
 * Every listed product in one order (ascending; a descending listing reads it
 * from the end), with each slot's place in it (`rank`), kept as products come,
 * change and go: a change moves one entry and renumbers those it passed. A
 * listing sorts its matches by rank (one integer compare) or, unfiltered,
 * reads its page straight from here.
 */
export class SortOrder {
  order = new Int32Array(0);
  length = 0;
  /** Each slot's position in `order` (meaningless for slots not in it). */
  rank = new Int32Array(0);

  constructor(readonly compare: SlotComparator) {}

  /** Room for slots up to `capacity`. */
  reserve(capacity: number): void {
    if (this.rank.length >= capacity) return;
    const rank = new Int32Array(capacity);
    rank.set(this.rank);
    this.rank = rank;
    if (this.order.length < capacity) {
      const order = new Int32Array(capacity);
      order.set(this.order.subarray(0, this.length));
      this.order = order;
    }
  }

  /**
   * Starts again from these slots, already in this order (a full load, or more changes at once than
   * moving each would be worth; sorted in slices by the caller).
   */
  replace(sorted: Int32Array): void {
    this.reserve(sorted.length);
    this.order.set(sorted);
    this.length = sorted.length;
    this.renumber(0, this.length);
  }

  insert(slot: number): void {
    const at = this.firstAfter((s) => this.compare(s, slot) < 0);
    this.order.copyWithin(at + 1, at, this.length);
    this.order[at] = slot;
    this.length += 1;
    this.renumber(at, this.length);
  }

  remove(slot: number): void {
    const at = this.rank[slot]!;
    this.order.copyWithin(at, at + 1, this.length);
    this.length -= 1;
    this.renumber(at, this.length);
  }

  /**
   * The number of leading entries `before` holds for (it must hold for a
   * prefix of the order and fail for the rest): a binary search.
   */
  firstAfter(before: (slot: number) => boolean): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.order[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private renumber(from: number, to: number): void {
    const { order, rank } = this;
    for (let i = from; i < to; i++) rank[order[i]!] = i;
  }
}
