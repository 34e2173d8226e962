import { categoryNode, type ProductFilters } from '../product-filters';
import type { CategoryNode, CategoryNodes } from './category-nodes';
import type { Dictionary } from './dictionary';
import { FEATURED, IN_STOCK, type ListingStore, NONE, ON_SALE, PATH_LEVELS } from './listing-store';
import type { SlotBits } from './slot-bits';

/** A path level the listing does not ask about. */
export const ANY = -2;

/**
 * A listing's filters in the index's numbers. The category path and the flags
 * (and a search term) decide which products are looked at; the faceted
 * criteria are each left out of their own counts.
 */
export interface Criteria {
  /** The path names a category no product is in: nothing matches, and nothing needs counting. */
  nothing: boolean;
  /** The products the path names, sorted by price: the path's node, or the whole shop. */
  node: CategoryNode | undefined;
  /** The node's number and depth (0: the whole shop), which a search's matches are checked against. */
  nodeId: number;
  depth: number;
  /** When the path skips a level (no node covers it): each level's value number, ANY where not asked. */
  levels: Int32Array | undefined;
  /** Flag bits every product must have (in stock, on sale, featured). */
  flags: number;
  term: string | undefined;
  /** Selected values by dictionary number (1: selected); undefined when the facet is not filtered. */
  brand: Uint8Array | undefined;
  material: Uint8Array | undefined;
  /**
   * The colour and size sets the listing tests and counts: every one a product comes in, or with In
   * Stock Only those some active variant of which is in stock (decision 190).
   */
  colourBits: SlotBits;
  sizeBits: SlotBits;
  /** Selected colours and sizes as masks of `colourBits` and `sizeBits`. */
  colour: Uint32Array | undefined;
  size: Uint32Array | undefined;
  minRating: number | undefined;
  priced: boolean;
  lo: number;
  hi: number;
  /** Whether any faceted criterion is set. */
  faceted: boolean;
}

function selection(dictionary: Dictionary, values: readonly string[]): Uint8Array | undefined {
  if (!values.length) return undefined;
  // Values no product holds select nothing, as `= any(...)` matches nothing in SQL.
  const selected = new Uint8Array(dictionary.size);
  for (const value of values) {
    const id = dictionary.find(value);
    if (id !== NONE) selected[id] = 1;
  }
  return selected;
}

function bitSelection(
  dictionary: Dictionary,
  bits: SlotBits,
  values: readonly string[],
): Uint32Array | undefined {
  if (!values.length) return undefined;
  return bits.mask(values.map((v) => dictionary.find(v)).filter((id) => id !== NONE));
}

export function resolveCriteria(store: ListingStore, nodes: CategoryNodes, f: ProductFilters): Criteria {
  const path = categoryNode(f);
  let nothing = false;
  let node: CategoryNode | undefined;
  let nodeId = 0;
  let levels: Int32Array | undefined;
  if (path) {
    nodeId = store.nodeOf(path);
    node = nodeId === NONE ? undefined : nodes.get(nodeId);
    nothing = !node;
  } else {
    // A path with a gap (a subcategory without its category): every product, each level checked.
    node = nodes.get(0);
    nothing = !node;
    levels = new Int32Array(PATH_LEVELS).fill(ANY);
    const asked = [f.category, f.subCategory, f.option, f.subOption];
    for (let d = 0; d < PATH_LEVELS; d++) {
      const value = asked[d];
      if (value === undefined) continue;
      levels[d] = store.pathValues.find(value);
      if (levels[d] === NONE) nothing = true;
    }
  }
  const colourBits = f.inStock ? store.stockColours : store.colours;
  const sizeBits = f.inStock ? store.stockSizes : store.sizes;
  const criteria: Criteria = {
    nothing,
    node,
    nodeId,
    depth: path ? path.length : 0,
    levels,
    flags: (f.inStock ? IN_STOCK : 0) | (f.onSale ? ON_SALE : 0) | (f.featured ? FEATURED : 0),
    term: f.search,
    brand: selection(store.brands, f.brand),
    material: selection(store.materials, f.material),
    colourBits,
    sizeBits,
    colour: bitSelection(store.colourValues, colourBits, f.colour),
    size: bitSelection(store.sizeValues, sizeBits, f.size),
    minRating: f.rating,
    priced: f.minPricePaise !== undefined || f.maxPricePaise !== undefined,
    lo: f.minPricePaise ?? Number.NEGATIVE_INFINITY,
    hi: f.maxPricePaise ?? Number.POSITIVE_INFINITY,
    faceted: false,
  };
  criteria.faceted =
    criteria.brand !== undefined ||
    criteria.material !== undefined ||
    criteria.colour !== undefined ||
    criteria.size !== undefined ||
    criteria.minRating !== undefined ||
    criteria.priced;
  return criteria;
}
