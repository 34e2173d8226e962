import { CategoryNodes } from './category-nodes';
import type { ListingRecord } from './listing-feed.repo';
import {
  comparatorOf,
  compareIds,
  createOrders,
  keysChange,
  ORDER_NAMES,
  type OrderName,
} from './listing-orders';
import { ListingStore, NONE } from './listing-store';
import { NameTrigrams } from './name-trigrams';
import { Slices, sortInSlices } from './slices';
import type { SortOrder } from './sort-order';

/** Past this many changes at once, every order and node is rebuilt rather than each product moved. */
const MOVE_LIMIT = 2_000;

/**
 * The listing as one process holds it: the products' columns, every order,
 * every category node with its counts, the names' trigrams, and scratch
 * space for one query at a time (queries run synchronously, so they never
 * overlap). Changed only through load() and apply(), which work in slices
 * (slices.ts) and yield between them: the index sends no query here while
 * one runs (a load fills a memory no query sees yet; an apply is awaited).
 */
export class ListingMemory {
  store = new ListingStore();
  nodes = new CategoryNodes(this.store);
  orders: Record<OrderName, SortOrder> = createOrders(this.store);
  trigrams = new NameTrigrams();
  scratch = {
    stamp: new Uint32Array(0),
    mark: 0,
    relevance: new Float64Array(0),
    out: new Int32Array(0),
    passing: new Int32Array(0),
  };

  /** Holds these products and nothing else. */
  async load(records: readonly ListingRecord[], slices = new Slices()): Promise<void> {
    this.store = new ListingStore();
    this.nodes = new CategoryNodes(this.store);
    this.orders = createOrders(this.store);
    this.trigrams = new NameTrigrams();
    // Slots in category and price order: a category's members, sorted by price, then lie in rising
    // slots, and a pass over them reads each column forwards instead of all over memory.
    // Each category's rank in string order, found once: the sort then compares two integers where it
    // compared two (mostly equal, so fully walked) strings, the load's dearest comparison.
    const categories = [...new Set(records.map((r) => r.category))].sort((a, b) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    const rankOf = new Map(categories.map((c, i) => [c, i]));
    const rank = Int32Array.from(records, (r) => rankOf.get(r.category)!);
    const price = Int32Array.from(records, (r) => r.pricePaise);
    const laidOut = await sortInSlices(
      Int32Array.from(records, (_, i) => i),
      (x, y) => {
        if (rank[x] !== rank[y]) return rank[x]! - rank[y]!;
        if (price[x] !== price[y]) return price[x]! - price[y]!;
        const a = records[x]!.id;
        const b = records[y]!.id;
        return a < b ? -1 : a > b ? 1 : 0;
      },
      slices,
    );
    for (let i = 0; i < laidOut.length; i++) {
      const record = records[laidOut[i]!]!;
      this.store.write(this.store.allocate(record.id), record);
      if ((i & 255) === 0) await slices.pause();
    }
    await this.rebuild(slices);
  }

  /**
   * Applies each product's new row (undefined: no longer listed). A changed product moves only in the
   * orders whose keys changed, and among its nodes' members only if its path, price or brand did
   * (most changes at run time, a sell-out or a new rating, move it in few places or none).
   */
  async apply(changed: ReadonlyMap<string, ListingRecord | undefined>, slices = new Slices()): Promise<void> {
    const { store } = this;
    const moving = changed.size <= MOVE_LIMIT;
    let n = 0;
    for (const [id, record] of changed) {
      // Between products, never inside one's change: each is whole when the loop yields.
      if (n++ > 0) await slices.pause();
      let slot = store.slotOfId(id);
      if (!moving) {
        if (slot !== NONE && !record) store.release(slot);
        else if (record) store.write(slot === NONE ? store.allocate(id) : slot, record);
        continue;
      }
      if (slot === NONE) {
        if (!record) continue;
        slot = store.allocate(id);
        store.write(slot, record);
        this.link(slot, ORDER_NAMES, true, true);
        continue;
      }
      if (!record) {
        this.unlink(slot, ORDER_NAMES, true);
        store.release(slot);
        continue;
      }
      const moved = ORDER_NAMES.filter((name) => keysChange(store, name, slot, record));
      const placed = !store.samePlace(slot, record);
      const renamed = store.nameOf(slot) !== record.name;
      this.unlink(slot, moved, placed);
      store.write(slot, record);
      this.link(slot, moved, placed, renamed);
    }
    if (!moving) await this.rebuild(slices);
    else if (this.trigrams.wantsRebuild)
      await this.trigrams.rebuild(store.slots, (slot) => this.textOf(slot), store.nameEnd, slices);
  }

  /** A scratch mark no slot carries yet (stamps de-duplicate a search's matches). */
  nextMark(): number {
    const s = this.scratch;
    s.mark += 1;
    if (s.mark === 0xffffffff) {
      s.stamp.fill(0);
      s.mark = 1;
    }
    return s.mark;
  }

  /** After the slot's values are written: into the orders named, its nodes' members (or only their counts), the trigrams. */
  private link(slot: number, orders: readonly OrderName[], placed: boolean, renamed: boolean): void {
    this.reserve();
    if (placed) this.nodes.add(slot);
    else this.nodes.count(slot, 1);
    for (const name of orders) this.orders[name].insert(slot);
    if (renamed) this.trigrams.add(slot, this.store.nameOf(slot));
  }

  /** Before the slot's values change: nodes and orders find it by them. */
  private unlink(slot: number, orders: readonly OrderName[], placed: boolean): void {
    if (placed) this.nodes.remove(slot);
    else this.nodes.count(slot, -1);
    for (const name of orders) this.orders[name].remove(slot);
  }

  /** Every order, node and trigram list again from the live slots, in slices. */
  private async rebuild(slices: Slices): Promise<void> {
    const { store } = this;
    this.reserve();
    const listed = new Int32Array(store.liveCount);
    let n = 0;
    for (let slot = 0; slot < store.slots; slot++) if (store.live[slot]) listed[n++] = slot;
    // Ties broken by each slot's place in id order, found once: an integer compare instead of a string one.
    const byId = await sortInSlices(listed, (a, b) => compareIds(store.ids[a]!, store.ids[b]!), slices);
    const idRank = new Int32Array(store.capacity);
    for (let i = 0; i < byId.length; i++) idRank[byId[i]!] = i;
    for (const name of ORDER_NAMES) {
      const order = this.orders[name];
      order.replace(await sortInSlices(listed, comparatorOf(store, name, idRank), slices));
      await slices.pause();
    }
    await this.nodes.rebuild(this.orders.price.order, this.orders.price.length, slices);
    await this.trigrams.rebuild(store.slots, (slot) => this.textOf(slot), store.nameEnd, slices);
  }

  /** The slot's search text (its name first, `store.nameEnd` long), or undefined for a free slot. */
  private textOf(slot: number): string | undefined {
    return this.store.live[slot] ? this.store.texts[slot] : undefined;
  }

  /** Orders and scratch space for every slot the store can hand out. */
  private reserve(): void {
    const capacity = this.store.capacity;
    for (const order of Object.values(this.orders)) order.reserve(capacity);
    const s = this.scratch;
    if (s.stamp.length >= capacity) return;
    s.stamp = new Uint32Array(capacity);
    s.mark = 0;
    s.relevance = new Float64Array(capacity);
    s.out = new Int32Array(capacity);
    s.passing = new Int32Array(capacity);
  }
}
