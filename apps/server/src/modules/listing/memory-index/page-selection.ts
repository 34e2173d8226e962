import type { ProductSort } from '@bazaar/shared';
import { checkedKeyValue, invalidCursor } from '../listing-cursor';
import {
  compareWithKey,
  float4Text,
  ORDER_KEYS,
  type OrderName,
  orderOf,
  parseKeyValue,
  printKey,
} from './listing-orders';
import type { ListingStore } from './listing-store';
import type { SortOrder } from './sort-order';
import { NAME_MATCH, SCORE_SCALE } from './text-match';
import { smallest } from './top-k';

/** Relevance (name match and score) above the featured order's rank: each its own bits of one double. */
const RANK_BITS = 2 ** 44;

/** Which page of the products passing a listing's criteria, and in what order. */
export interface PageQuery {
  sort: ProductSort;
  /** Rows wanted (a page and one more, which says whether another follows). */
  limit: number;
  offset: number;
  /** A cursor's key: rows strictly after it instead of an offset. */
  after: string[] | undefined;
  /** Slot → relevance, when a search is shown in its relevance order (sort 'featured'). */
  relevance: Float64Array | undefined;
}

/** The products passing the criteria: `slots[0…n)`, and what is known of their order. */
export interface Passing {
  slots: Int32Array;
  n: number;
  /** They are in price order (a node's members, filtered in place). */
  byPrice: boolean;
  /** They are every listed product: an order's page is read from the order itself. */
  everything: boolean;
  /**
   * They are not listed: they are those of `slots` (a node's members, by price), or of any order,
   * passing this. A page is then read by walking the order until it is full, not by ranking all of them.
   */
  test?: (slot: number) => boolean;
}

export interface PickedRow {
  slot: number;
  key: string[];
}

/** The page's products, each with the sort key a cursor resumes after (as PostgreSQL prints it). */
export function pickPage(
  store: ListingStore,
  orders: Record<OrderName, SortOrder>,
  passing: Passing,
  q: PageQuery,
): PickedRow[] {
  if (q.relevance) return byRelevance(store, orders.featured, passing, q, q.relevance);
  const { name, descending } = orderOf(q.sort);
  const keyed = (slot: number) => ({ slot, key: printKey(store, name, slot) });
  const after = q.after && parseCursor(name, q.after);
  const compare = after
    ? (slot: number) => compareWithKey(store, name, slot, after.values, after.id)
    : undefined;
  if (passing.test) {
    const list = name === 'price' ? passing.slots : orders[name].order;
    const length = name === 'price' ? passing.n : orders[name].length;
    return readInOrder(list, length, descending, q, compare, passing.test).map(keyed);
  }
  if ((name === 'price' && passing.byPrice) || passing.everything) {
    const list = passing.everything && name !== 'price' ? orders[name].order : passing.slots;
    const length = passing.everything && name !== 'price' ? orders[name].length : passing.n;
    return readInOrder(list, length, descending, q, compare).map(keyed);
  }
  const order = orders[name];
  // Ranks in the order: ascending pages take the smallest, descending the largest (negated).
  let bound = descending ? order.length : 0;
  if (compare) bound = order.firstAfter((slot) => (descending ? compare(slot) < 0 : compare(slot) <= 0));
  const values = new Float64Array(passing.n);
  let m = 0;
  for (let i = 0; i < passing.n; i++) {
    const rank = order.rank[passing.slots[i]!]!;
    if (descending ? rank < bound : rank >= bound) values[m++] = descending ? -rank : rank;
  }
  const top = smallest(values, m, q.offset + q.limit).subarray(q.offset);
  return Array.from(top, (v) => keyed(order.order[Math.abs(v)]!));
}

/** The page of a list already in the order's ascending sequence, read forwards or backwards. */
function readInOrder(
  list: Int32Array,
  length: number,
  descending: boolean,
  q: PageQuery,
  compare: ((slot: number) => number) | undefined,
  test?: (slot: number) => boolean,
): number[] {
  const firstAfter = (before: (slot: number) => boolean) => {
    let lo = 0;
    let hi = length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(list[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const out: number[] = [];
  if (test) {
    // Only the passing count towards the offset: it cannot be skipped by index.
    let skip = compare ? 0 : q.offset;
    const take = (slot: number) => {
      if (!test(slot)) return;
      if (skip > 0) skip--;
      else out.push(slot);
    };
    if (!descending) {
      const start = compare ? firstAfter((slot) => compare(slot) <= 0) : 0;
      for (let i = start; i < length && out.length < q.limit; i++) take(list[i]!);
    } else {
      const end = compare ? firstAfter((slot) => compare(slot) < 0) : length;
      for (let i = end - 1; i >= 0 && out.length < q.limit; i--) take(list[i]!);
    }
    return out;
  }
  if (!descending) {
    const start = compare ? firstAfter((slot) => compare(slot) <= 0) : q.offset;
    for (let i = start; i < length && out.length < q.limit; i++) out.push(list[i]!);
  } else {
    const end = compare ? firstAfter((slot) => compare(slot) < 0) : length - q.offset;
    for (let i = end - 1; i >= 0 && out.length < q.limit; i--) out.push(list[i]!);
  }
  return out;
}

/**
 * A search in relevance order: name matches first, then by score, then the
 * featured order, all descending; its cursor carries the name match and score
 * before the featured keys.
 */
function byRelevance(
  store: ListingStore,
  featured: SortOrder,
  passing: Passing,
  q: PageQuery,
  relevance: Float64Array,
): PickedRow[] {
  let bound = Number.POSITIVE_INFINITY;
  if (q.after) {
    const [match, score, ...rest] = q.after;
    if (match === undefined || score === undefined) throw invalidCursor();
    const at = parseCursor('featured', rest);
    const points =
      (checkedKeyValue('boolean', match) === 'true' ? NAME_MATCH : 0) +
      Math.round(parseKeyValue('real', score) * SCORE_SCALE);
    // The featured keys below the cursor's: a rank below this is strictly after it.
    const rank = featured.firstAfter((slot) => compareWithKey(store, 'featured', slot, at.values, at.id) < 0);
    bound = points * RANK_BITS + rank;
  }
  const values = new Float64Array(passing.n);
  let m = 0;
  for (let i = 0; i < passing.n; i++) {
    const slot = passing.slots[i]!;
    const v = relevance[slot]! * RANK_BITS + featured.rank[slot]!;
    if (v < bound) values[m++] = -v;
  }
  const top = smallest(values, m, q.offset + q.limit).subarray(q.offset);
  return Array.from(top, (v) => {
    const slot = featured.order[-v % RANK_BITS]!;
    const points = relevance[slot]!;
    const match = points >= NAME_MATCH;
    const score = (points - (match ? NAME_MATCH : 0)) / SCORE_SCALE;
    return {
      slot,
      key: [match ? 'true' : 'false', float4Text(Math.fround(score)), ...printKey(store, 'featured', slot)],
    };
  });
}

function parseCursor(name: OrderName, key: readonly string[]): { values: number[]; id: string } {
  const parts = ORDER_KEYS[name];
  if (key.length !== parts.length + 1) throw invalidCursor();
  return {
    values: parts.map((part, i) => parseKeyValue(part.type, key[i]!)),
    id: checkedKeyValue('uuid', key[parts.length]!),
  };
}
