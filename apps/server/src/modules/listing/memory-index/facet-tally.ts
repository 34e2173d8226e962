import { RATING_FILTER_VALUES } from '@bazaar/shared';
import type { FacetRow } from '../product-facets';
import { type CategoryNode, type PriceList, starsOf } from './category-nodes';
import { ANY, type Criteria } from './listing-criteria';
import { type ListingStore, NONE, PATH_LEVELS } from './listing-store';

const BRAND = 1;
const MATERIAL = 2;
const COLOUR = 3;
const SIZE = 4;
const RATING = 5;
const PRICE = 6;

/** A listing's total and facet counts, and the products passing every criterion (in the order looked at). */
export interface Tally {
  total: number;
  brand: Int32Array;
  material: Int32Array;
  colour: Int32Array;
  size: Int32Array;
  stars: Int32Array;
  /** The slider's bounds in paise (Infinity and -Infinity when nothing is in them). */
  min: number;
  max: number;
  passing: Int32Array;
}

/**
 * Counts a listing's facets in one pass over the products it looks at
 * (`slots[0…n)`: a node's members, or a search's matches), disjunctively: a
 * product failing exactly one faceted criterion counts towards that facet
 * alone, one failing none towards every facet, the total and `passing`. The
 * slider's bounds cover the products passing every criterion but the price.
 * `passing` must have room for n slots.
 */
export function tally(
  store: ListingStore,
  c: Criteria,
  slots: Int32Array,
  n: number,
  checkNode: boolean,
  passing: Int32Array,
): Tally {
  const t = emptyCounts(store, passing);
  const { brand, material, rating, price, flags, path, nodes } = store;
  const { colourBits: colours, sizeBits: sizes } = c;
  const { levels, flags: wanted, brand: brands, material: materials, colour: colourSet, size: sizeSet } = c;
  const minRating = c.minRating ?? Number.NEGATIVE_INFINITY;
  const { lo, hi } = c;
  const nodeColumn = c.depth - 1;
  const colourCounts = t.colour;
  const sizeCounts = t.size;
  let total = 0;
  for (let k = 0; k < n; k++) {
    const s = slots[k]!;
    if ((flags[s]! & wanted) !== wanted) continue;
    if (checkNode && nodeColumn >= 0 && nodes[s * PATH_LEVELS + nodeColumn] !== c.nodeId) continue;
    if (levels && !onPath(path, s, levels)) continue;
    let failed = 0;
    let fails = 0;
    if (brands && brands[brand[s]!] !== 1) {
      failed = BRAND;
      fails++;
    }
    if (materials) {
      const m = material[s]!;
      if (m === NONE || materials[m] !== 1) {
        failed = MATERIAL;
        fails++;
      }
    }
    if (colourSet && !colours.any(s, colourSet)) {
      failed = COLOUR;
      fails++;
    }
    if (sizeSet && !sizes.any(s, sizeSet)) {
      failed = SIZE;
      fails++;
    }
    const r = rating[s]!;
    if (r < minRating) {
      failed = RATING;
      fails++;
    }
    const p = price[s]!;
    if (p < lo || p > hi) {
      failed = PRICE;
      fails++;
    }
    if (fails > 1) continue;
    if (fails === 0) {
      passing[total++] = s;
      t.brand[brand[s]!]!++;
      const m = material[s]!;
      if (m !== NONE) t.material[m]!++;
      colours.count(s, colourCounts);
      sizes.count(s, sizeCounts);
      t.stars[starsOf(r)]!++;
    } else if (failed === BRAND) t.brand[brand[s]!]!++;
    else if (failed === MATERIAL) t.material[material[s]!]!++;
    else if (failed === COLOUR) colours.count(s, colourCounts);
    else if (failed === SIZE) sizes.count(s, sizeCounts);
    else if (failed === RATING) t.stars[starsOf(r)]!++;
    // Bounds: every criterion but the price passes (so fails is 0, or 1 by the price).
    if (fails === 0 || failed === PRICE) {
      if (p < t.min) t.min = p;
      if (p > t.max) t.max = p;
    }
  }
  t.total = total;
  return t;
}

/** Whether `tallyBrands` can count this listing: a node narrowed by brands, and perhaps a price range, alone. */
export function brandsAndPriceOnly(c: Criteria): boolean {
  return (
    c.brand !== undefined &&
    !c.term &&
    !c.flags &&
    !c.levels &&
    !c.material &&
    !c.colour &&
    !c.size &&
    c.minRating === undefined
  );
}

/**
 * A node narrowed by brands (and perhaps a price range) counted without a
 * pass over the node: each brand's count is its members within the range
 * (two binary searches), the other facets are counted over the selected
 * brands' members within it alone, and the slider's bounds are the selected
 * brands' cheapest and dearest (every criterion but the price). Counts need
 * no order, so the brands are counted one after another; the products
 * passing are listed (in no order) only when `passing` is given: a page in
 * price order merges no more of them than it shows (mergeBrands).
 */
export function tallyBrands(
  store: ListingStore,
  c: Criteria,
  node: CategoryNode,
  passing: Int32Array | undefined,
): Tally {
  const t = emptyCounts(store, passing ?? new Int32Array(0));
  const { material, rating } = store;
  const { colourBits: colours, sizeBits: sizes } = c;
  let n = 0;
  for (const [b, list] of node.byBrand) {
    if (!list.length) continue;
    const from = c.priced ? list.priceBound(store, c.lo, false) : 0;
    const to = c.priced ? list.priceBound(store, c.hi, true) : list.length;
    t.brand[b] = to - from;
    if (c.brand![b] !== 1) continue;
    t.min = Math.min(t.min, store.price[list.members[0]!]!);
    t.max = Math.max(t.max, store.price[list.members[list.length - 1]!]!);
    const { members } = list;
    for (let i = from; i < to; i++) {
      const s = members[i]!;
      if (passing) passing[n] = s;
      n++;
      const m = material[s]!;
      if (m !== NONE) t.material[m]!++;
      colours.count(s, t.colour);
      sizes.count(s, t.size);
      t.stars[starsOf(rating[s]!)]!++;
    }
  }
  t.total = n;
  return t;
}

/**
 * The first `want` products tallyBrands counts in price order (the last
 * `want`, still ascending, when `descending`), merged from the chosen brands'
 * in-range members into `out`: a page in price order needs no more than its
 * offset and length of them. Returns how many were written.
 */
export function mergeBrands(
  store: ListingStore,
  c: Criteria,
  node: CategoryNode,
  want: number,
  descending: boolean,
  out: Int32Array,
): number {
  const slices: { list: PriceList; at: number; end: number }[] = [];
  let total = 0;
  for (const [b, list] of node.byBrand) {
    if (!list.length || c.brand![b] !== 1) continue;
    const from = c.priced ? list.priceBound(store, c.lo, false) : 0;
    const to = c.priced ? list.priceBound(store, c.hi, true) : list.length;
    // Descending, a slice is read from its end: `at` is one past its next member.
    if (to > from) slices.push(descending ? { list, at: to, end: from } : { list, at: from, end: to });
    total += to - from;
  }
  const k = Math.min(want, total);
  const { price, ids } = store;
  const next = (slice: { list: PriceList; at: number }) =>
    slice.list.members[descending ? slice.at - 1 : slice.at]!;
  for (let n = 0; n < k; n++) {
    // The slice whose next member comes first (last, descending) by price, then id: a few brands, a linear pick.
    let best = 0;
    for (let i = 1; i < slices.length; i++) {
      const a = next(slices[i]!);
      const b = next(slices[best]!);
      const before = price[a]! < price[b]! || (price[a] === price[b] && ids[a]! < ids[b]!);
      if (before !== descending) best = i;
    }
    const slice = slices[best]!;
    const s = next(slice);
    slice.at += descending ? -1 : 1;
    if (slice.at === slice.end) slices.splice(best, 1);
    out[descending ? k - 1 - n : n] = s;
  }
  return k;
}

/**
 * Whether a product passes every criterion but the price (flags, path and
 * faceted criteria; a search's matches are not checked here).
 */
function passesAllButPrice(store: ListingStore, c: Criteria, s: number): boolean {
  if ((store.flags[s]! & c.flags) !== c.flags) return false;
  if (c.levels && !onPath(store.path, s, c.levels)) return false;
  if (c.brand && c.brand[store.brand[s]!] !== 1) return false;
  if (c.material) {
    const m = store.material[s]!;
    if (m === NONE || c.material[m] !== 1) return false;
  }
  if (c.colour && !c.colourBits.any(s, c.colour)) return false;
  if (c.size && !c.sizeBits.any(s, c.size)) return false;
  return c.minRating === undefined || store.rating[s]! >= c.minRating;
}

/**
 * Tallies a node's members within the price range only (a slice: they are
 * sorted by price). A member outside it fails the price, so it counts only
 * towards the slider's bounds, and only if it passes everything else: the
 * first such from each end of the members, if beyond what the slice found.
 */
export function tallyPriceRange(
  store: ListingStore,
  c: Criteria,
  node: CategoryNode,
  passing: Int32Array,
): Tally {
  const from = node.priceBound(store, c.lo, false);
  const to = node.priceBound(store, c.hi, true);
  const t = tally(store, c, node.members.subarray(from), to - from, false, passing);
  // The cheapest member passing all but the price: before the range, else the range's own, else after it.
  const first = (start: number, end: number) => {
    for (let i = start; i < end; i++) if (passesAllButPrice(store, c, node.members[i]!)) return i;
    return -1;
  };
  const last = (start: number, end: number) => {
    for (let i = end - 1; i >= start; i--) if (passesAllButPrice(store, c, node.members[i]!)) return i;
    return -1;
  };
  const below = first(0, from);
  const cheapest = below !== -1 || t.total ? below : first(to, node.length);
  if (cheapest !== -1) t.min = store.price[node.members[cheapest]!]!;
  const above = last(to, node.length);
  const dearest = above !== -1 || t.total ? above : last(0, from);
  if (dearest !== -1) t.max = store.price[node.members[dearest]!]!;
  return t;
}

function onPath(path: Int32Array, s: number, levels: Int32Array): boolean {
  for (let d = 0; d < PATH_LEVELS; d++) {
    const want = levels[d]!;
    if (want !== ANY && path[s * PATH_LEVELS + d] !== want) return false;
  }
  return true;
}

/** Zero counts with room for every value the dictionaries hold, and no bounds yet. */
function emptyCounts(store: ListingStore, passing: Int32Array): Tally {
  return {
    total: 0,
    brand: new Int32Array(store.brands.size),
    material: new Int32Array(store.materials.size),
    colour: new Int32Array(store.colourValues.size),
    size: new Int32Array(store.sizeValues.size),
    stars: new Int32Array(6),
    min: Number.POSITIVE_INFINITY,
    max: Number.NEGATIVE_INFINITY,
    passing,
  };
}

/** Nothing matches: no counts, no bounds. */
export function emptyTally(): Tally {
  const none = new Int32Array(0);
  return {
    total: 0,
    brand: none,
    material: none,
    colour: none,
    size: none,
    stars: new Int32Array(6),
    min: Number.POSITIVE_INFINITY,
    max: Number.NEGATIVE_INFINITY,
    passing: none,
  };
}

/**
 * A node's counts as they are kept (no criterion but the path): its members
 * all pass, and its bounds are its first and last member's prices.
 */
export function keptTally(store: ListingStore, node: CategoryNode): Tally {
  const copy = (counts: Int32Array, size: number) => {
    const out = new Int32Array(size);
    out.set(counts.subarray(0, size));
    return out;
  };
  return {
    total: node.length,
    brand: copy(node.brand, store.brands.size),
    material: copy(node.material, store.materials.size),
    colour: copy(node.colour, store.colourValues.size),
    size: copy(node.size, store.sizeValues.size),
    stars: Int32Array.from(node.stars),
    min: node.length ? store.price[node.members[0]!]! : Number.POSITIVE_INFINITY,
    max: node.length ? store.price[node.members[node.length - 1]!]! : Number.NEGATIVE_INFINITY,
    passing: node.members,
  };
}

/** The tally as facet rows (toFacetSummary reads them). */
export function facetRows(store: ListingStore, t: Tally): FacetRow[] {
  const rows: FacetRow[] = [{ facet: 'total', value: null, n: t.total }];
  const values = (facet: string, counts: Int32Array, names: readonly string[]) => {
    for (let id = 0; id < counts.length; id++) {
      const n = counts[id]!;
      if (n > 0) rows.push({ facet, value: names[id]!, n });
    }
  };
  values('brand', t.brand, store.brands.values);
  values('material', t.material, store.materials.values);
  values('colour', t.colour, store.colourValues.values);
  values('size', t.size, store.sizeValues.values);
  for (const r of RATING_FILTER_VALUES) {
    let n = 0;
    for (let stars = r; stars <= 5; stars++) n += t.stars[stars]!;
    rows.push({ facet: 'rating', value: String(r), n });
  }
  if (t.min <= t.max) {
    rows.push({ facet: 'price-min', value: null, n: t.min }, { facet: 'price-max', value: null, n: t.max });
  }
  return rows;
}
