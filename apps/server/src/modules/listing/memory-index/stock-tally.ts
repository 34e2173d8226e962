import type { CategoryNode } from './category-nodes';
import type { Tally } from './facet-tally';
import type { Criteria } from './listing-criteria';
import { IN_STOCK, type ListingStore, PATH_LEVELS } from './listing-store';
import type { FacetCounts } from './stock-counts';

/** The one colour or size an In Stock Only listing narrows by (none: in stock alone). */
export interface StockChoice {
  facet: 'colour' | 'size' | undefined;
  id: number;
}

/**
 * Whether the node's kept in-stock counts answer this listing: In Stock Only
 * and nothing else, or and one colour, or and one size (a selection whose
 * other values no product holds is that one value).
 */
export function keptStockChoice(c: Criteria): StockChoice | undefined {
  if (c.flags !== IN_STOCK || c.term || c.levels || !c.node) return undefined;
  if (c.brand || c.material || c.minRating !== undefined || c.priced) return undefined;
  if (c.colour && c.size) return undefined;
  const mask = c.colour ?? c.size;
  if (!mask) return { facet: undefined, id: -1 };
  let id = -1;
  for (let w = 0; w < mask.length; w++) {
    const word = mask[w]!;
    if (word === 0) continue;
    // More than one value: no kept count is their union.
    if (id !== -1 || (word & (word - 1)) !== 0) return undefined;
    id = (w << 5) + 31 - Math.clz32(word);
  }
  return id === -1 ? undefined : { facet: c.colour ? 'colour' : 'size', id };
}

/** Whether a slot passes the listing keptStockChoice accepted (its node included). */
export function stockTest(store: ListingStore, c: Criteria): (slot: number) => boolean {
  const { flags, nodes } = store;
  const column = c.depth - 1;
  const nodeId = c.nodeId;
  const bits = c.colour ? c.colourBits : c.sizeBits;
  const mask = c.colour ?? c.size;
  return (slot) =>
    (flags[slot]! & IN_STOCK) !== 0 &&
    (column < 0 || nodes[slot * PATH_LEVELS + column] === nodeId) &&
    (mask === undefined || bits.any(slot, mask));
}

/**
 * The tally `tally()` would make, from the node's kept counts: the chosen
 * value's in-stock members give the total and every facet but the chosen
 * one's, which counts every in-stock member (it is left out of its own
 * counts). The slider's bounds are the cheapest and dearest member passing,
 * found from either end of the members. `passing` is left empty: the page is
 * read by walking an order with `test` (page-selection.ts).
 */
export function stockTally(
  store: ListingStore,
  node: CategoryNode,
  choice: StockChoice,
  test: (slot: number) => boolean,
): Tally {
  const { inStock, byColour, bySize } = node.stock;
  const chosen: FacetCounts | undefined =
    choice.facet === undefined
      ? inStock
      : choice.facet === 'colour'
        ? byColour[choice.id]
        : bySize[choice.id];
  const copy = (counts: Int32Array | undefined, size: number) => {
    const out = new Int32Array(size);
    if (counts) out.set(counts.subarray(0, Math.min(size, counts.length)));
    return out;
  };
  const total = chosen?.total ?? 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  if (total > 0) {
    const { members, length } = node;
    let i = 0;
    while (!test(members[i]!)) i++;
    let j = length - 1;
    while (!test(members[j]!)) j--;
    min = store.price[members[i]!]!;
    max = store.price[members[j]!]!;
  }
  return {
    total,
    brand: copy(chosen?.brand, store.brands.size),
    material: copy(chosen?.material, store.materials.size),
    colour: copy(choice.facet === 'colour' ? inStock.colour : chosen?.colour, store.colourValues.size),
    size: copy(choice.facet === 'size' ? inStock.size : chosen?.size, store.sizeValues.size),
    stars: chosen ? Int32Array.from(chosen.stars) : new Int32Array(6),
    min,
    max,
    passing: new Int32Array(0),
  };
}
