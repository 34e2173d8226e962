import { starsOf } from './category-nodes';
import { IN_STOCK, type ListingStore, NONE } from './listing-store';
import type { SlotBits } from './slot-bits';

/** Counts by dictionary number, with room for every number the dictionary has given out. */
function room(counts: Int32Array, size: number): Int32Array {
  if (counts.length >= size) return counts;
  const wider = new Int32Array(Math.max(size, counts.length * 2));
  wider.set(counts);
  return wider;
}

/** How many products, and how many hold each facet value (colours and sizes as in stock). */
export class FacetCounts {
  total = 0;
  brand: Int32Array = new Int32Array(0);
  material: Int32Array = new Int32Array(0);
  colour: Int32Array = new Int32Array(0);
  size: Int32Array = new Int32Array(0);
  readonly stars = new Int32Array(6);

  add(store: ListingStore, slot: number, by: number): void {
    this.brand = room(this.brand, store.brands.size);
    this.material = room(this.material, store.materials.size);
    this.colour = room(this.colour, store.colourValues.size);
    this.size = room(this.size, store.sizeValues.size);
    this.total += by;
    this.brand[store.brand[slot]!]! += by;
    const material = store.material[slot]!;
    if (material !== NONE) this.material[material]! += by;
    store.stockColours.count(slot, this.colour, by);
    store.stockSizes.count(slot, this.size, by);
    this.stars[starsOf(store.rating[slot]!)]! += by;
  }
}

/**
 * A node's In Stock Only counts, kept as its members come, change and go:
 * those of its in-stock members, and of the in-stock members holding each
 * colour or size in stock. The storefront's commonest narrowed listing (in
 * stock, one size or one colour) then reads its counts here instead of
 * passing over every member (a million, shop-wide): the chosen value's
 * counts are every facet's but its own, which the in-stock counts give.
 */
export class StockCounts {
  readonly inStock = new FacetCounts();
  readonly byColour: (FacetCounts | undefined)[] = [];
  readonly bySize: (FacetCounts | undefined)[] = [];

  count(store: ListingStore, slot: number, by: number): void {
    if ((store.flags[slot]! & IN_STOCK) === 0) return;
    this.inStock.add(store, slot, by);
    this.each(store, store.stockColours, this.byColour, slot, by);
    this.each(store, store.stockSizes, this.bySize, slot, by);
  }

  private each(
    store: ListingStore,
    bits: SlotBits,
    counts: (FacetCounts | undefined)[],
    slot: number,
    by: number,
  ): void {
    bits.each(slot, (id) => {
      let kept = counts[id];
      if (!kept) {
        kept = new FacetCounts();
        counts[id] = kept;
      }
      kept.add(store, slot, by);
    });
  }
}
