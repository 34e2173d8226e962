import { CategoryNodes } from './category-nodes';
import type { ListingRecord } from './listing-feed.repo';
import { createOrders, type OrderName } from './listing-orders';
import { ListingStore, NONE } from './listing-store';
import { NameTrigrams } from './name-trigrams';
import type { SortOrder } from './sort-order';

/** Past this many changes at once, every order and node is rebuilt rather than each product moved. */
const MOVE_LIMIT = 2_000;

/**
 * The listing as one process holds it: the products' columns, every order,
 * every category node with its counts, the names' trigrams, and scratch
 * space for one query at a time (queries run synchronously, so they never
 * overlap). Changed only through load() and apply(), each synchronous, so a
 * query never sees half a change.
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
  load(records: readonly ListingRecord[]): void {
    this.store = new ListingStore();
    this.nodes = new CategoryNodes(this.store);
    this.orders = createOrders(this.store);
    this.trigrams = new NameTrigrams();
    // Slots in category and price order: a category's members, sorted by price, then lie in rising
    // slots, and a pass over them reads each column forwards instead of all over memory.
    const laidOut = [...records].sort(
      (a, b) =>
        (a.category < b.category ? -1 : a.category > b.category ? 1 : 0) ||
        a.pricePaise - b.pricePaise ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    for (const record of laidOut) this.store.write(this.store.allocate(record.id), record);
    this.rebuild();
  }

  /** Applies each product's new row (undefined: no longer listed). */
  apply(changed: ReadonlyMap<string, ListingRecord | undefined>): void {
    const { store } = this;
    const moving = changed.size <= MOVE_LIMIT;
    for (const [id, record] of changed) {
      let slot = store.slotOfId(id);
      if (slot !== NONE && moving) this.unlink(slot);
      if (!record) {
        if (slot !== NONE) store.release(slot);
        continue;
      }
      const renamed = slot === NONE || store.nameOf(slot) !== record.name;
      if (slot === NONE) slot = store.allocate(id);
      store.write(slot, record);
      if (moving) this.link(slot, renamed);
    }
    if (!moving) this.rebuild();
    else if (this.trigrams.wantsRebuild) this.trigrams.rebuild(store.slots, (slot) => this.nameOf(slot));
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

  private link(slot: number, renamed: boolean): void {
    this.reserve();
    this.nodes.add(slot);
    for (const order of Object.values(this.orders)) order.insert(slot);
    if (renamed) this.trigrams.add(slot, this.store.nameOf(slot));
  }

  /** Before the slot's values change: nodes find it by them. */
  private unlink(slot: number): void {
    this.nodes.remove(slot);
    for (const order of Object.values(this.orders)) order.remove(slot);
  }

  private rebuild(): void {
    const { store } = this;
    this.reserve();
    const listed = new Int32Array(store.liveCount);
    let n = 0;
    for (let slot = 0; slot < store.slots; slot++) if (store.live[slot]) listed[n++] = slot;
    for (const order of Object.values(this.orders)) order.rebuild(listed);
    this.nodes.rebuild(this.orders.price.order, this.orders.price.length);
    this.trigrams.rebuild(store.slots, (slot) => this.nameOf(slot));
  }

  private nameOf(slot: number): string | undefined {
    return this.store.live[slot] ? this.store.nameOf(slot) : undefined;
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
