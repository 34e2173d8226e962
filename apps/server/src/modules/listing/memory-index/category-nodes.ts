import { type ListingStore, NONE, PATH_LEVELS } from './listing-store';
import type { Slices } from './slices';
import { StockCounts } from './stock-counts';

const grown = (a: Int32Array, length: number) => {
  const b = new Int32Array(Math.max(16, length * 2));
  b.set(a);
  return b;
};
/** Counts by dictionary number, with room for every number the dictionary has given out. */
function room(counts: Int32Array, size: number): Int32Array<ArrayBuffer> {
  if (counts.length >= size) return counts as Int32Array<ArrayBuffer>;
  const wider = new Int32Array(Math.max(size, counts.length * 2));
  wider.set(counts);
  return wider;
}

/** Products sorted by sale price then id: a price range is a slice, a price-sorted page a slice too. */
export class PriceList {
  members = new Int32Array(16);
  length = 0;

  /** The number of members before the first priced at `price` or more (or after `price`, with `inclusive`). */
  priceBound(store: ListingStore, price: number, inclusive: boolean): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const p = store.price[this.members[mid]!]!;
      if (p < price || (inclusive && p === price)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Where `slot` is, or goes, among the members (by its price and id as they are now). */
  positionOf(store: ListingStore, slot: number): number {
    const price = store.price[slot]!;
    const id = store.ids[slot]!;
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.members[mid]!;
      const p = store.price[other]!;
      if (p < price || (p === price && store.ids[other]! < id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(store: ListingStore, slot: number): void {
    if (this.length === this.members.length) this.members = grown(this.members, this.length);
    const at = this.positionOf(store, slot);
    this.members.copyWithin(at + 1, at, this.length);
    this.members[at] = slot;
    this.length += 1;
  }

  remove(store: ListingStore, slot: number): void {
    const at = this.positionOf(store, slot);
    if (this.members[at] !== slot) throw new Error('catalogue index: a price list lost track of a product');
    this.members.copyWithin(at, at + 1, this.length);
    this.length -= 1;
  }

  /** Appends a slot known to sort after every member (a rebuild walks the price order). */
  append(slot: number): void {
    if (this.length === this.members.length) this.members = grown(this.members, this.length);
    this.members[this.length++] = slot;
  }
}

/**
 * One category node (the whole shop, or a path from the top): its products
 * by price, each brand's products by price (a category narrowed by brands and
 * a price range counts by binary search), and how many of them hold each
 * facet value, kept as products come and go.
 */
export class CategoryNode extends PriceList {
  /** Counts by dictionary number (ListingStore's brands, materials, colourValues, sizeValues). */
  brand = new Int32Array(0);
  material = new Int32Array(0);
  colour = new Int32Array(0);
  size = new Int32Array(0);
  /** Products by whole stars (0…5). */
  readonly stars = new Int32Array(6);
  /** Each brand's members, by brand number. */
  readonly byBrand = new Map<number, PriceList>();
  readonly stock = new StockCounts();

  override insert(store: ListingStore, slot: number): void {
    super.insert(store, slot);
    this.brandList(store.brand[slot]!).insert(store, slot);
    this.count(store, slot, 1);
  }

  override remove(store: ListingStore, slot: number): void {
    super.remove(store, slot);
    this.brandList(store.brand[slot]!).remove(store, slot);
    this.count(store, slot, -1);
  }

  /** Appends a slot known to sort after every member (a rebuild walks the price order). */
  add(store: ListingStore, slot: number): void {
    super.append(slot);
    this.brandList(store.brand[slot]!).append(slot);
    this.count(store, slot, 1);
  }

  private brandList(brand: number): PriceList {
    let list = this.byBrand.get(brand);
    if (!list) {
      list = new PriceList();
      this.byBrand.set(brand, list);
    }
    return list;
  }

  /** Counts the slot's facet values in (by 1) or out (by -1), leaving its place among the members. */
  count(store: ListingStore, slot: number, by: number): void {
    this.brand = room(this.brand, store.brands.size);
    this.material = room(this.material, store.materials.size);
    this.colour = room(this.colour, store.colourValues.size);
    this.size = room(this.size, store.sizeValues.size);
    this.brand[store.brand[slot]!]! += by;
    const material = store.material[slot]!;
    if (material !== NONE) this.material[material]! += by;
    store.colours.count(slot, this.colour, by);
    store.sizes.count(slot, this.size, by);
    this.stars[starsOf(store.rating[slot]!)]! += by;
    this.stock.count(store, slot, by);
  }
}

/** Every category node a listed product is in, by node number (ListingStore.nodeOf). */
export class CategoryNodes {
  private nodes: CategoryNode[] = [];

  constructor(private readonly store: ListingStore) {}

  get(node: number): CategoryNode | undefined {
    return this.nodes[node];
  }

  add(slot: number): void {
    this.each(slot, (node) => node.insert(this.store, slot));
  }

  /** Call before the slot's values change: its place among a node's members is found by them. */
  remove(slot: number): void {
    this.each(slot, (node) => node.remove(this.store, slot));
  }

  /**
   * Counts the slot's facet values in (1) or out (-1) of its nodes, leaving it where it is: for a
   * change that moves it neither to another node nor to another price or brand.
   */
  count(slot: number, by: number): void {
    this.each(slot, (node) => node.count(this.store, slot, by));
  }

  /** Starts again from every listed slot in price order. */
  async rebuild(byPrice: Int32Array, length: number, slices: Slices): Promise<void> {
    this.nodes = [];
    for (let i = 0; i < length; i++) {
      const slot = byPrice[i]!;
      this.each(slot, (node) => node.add(this.store, slot));
      if ((i & 1023) === 0) await slices.pause();
    }
  }

  private each(slot: number, visit: (node: CategoryNode) => void): void {
    for (let depth = 0; depth <= PATH_LEVELS; depth++) {
      const id = this.store.nodeAt(slot, depth);
      if (id === NONE) break;
      let node = this.nodes[id];
      if (!node) {
        node = new CategoryNode();
        this.nodes[id] = node;
      }
      visit(node);
    }
  }
}

/** Whole stars, 0…5: a product rated at least r (a whole number) has at least r of them. */
export const starsOf = (rating: number) => (rating >= 5 ? 5 : rating >= 0 ? Math.floor(rating) : 0);
