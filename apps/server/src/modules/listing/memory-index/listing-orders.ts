import type { ProductSort } from '@bazaar/shared';
import { checkedKeyValue, type KeyType } from '../listing-cursor';
import type { ListingRecord } from './listing-feed.repo';
import { FEATURED, type ListingStore } from './listing-store';
import { type SlotComparator, SortOrder } from './sort-order';

/** The orders kept: every listing sort reads one of them, forwards or backwards. */
export const ORDER_NAMES = ['featured', 'price', 'rating', 'newest', 'size'] as const;
export type OrderName = (typeof ORDER_NAMES)[number];

/** One key of an order: how a slot's value is read, printed into a cursor and read back from one. */
interface KeyPart {
  type: KeyType;
  of(store: ListingStore, slot: number): number;
}

/**
 * The shortest decimal that reads back as this float4, as PostgreSQL prints a
 * real: cursors carry ratings exactly as PostgreSQL prints them.
 */
export function float4Text(value: number): string {
  let text = printedFloats.get(value);
  if (text === undefined) {
    text = String(value);
    for (let digits = 1; digits < 10; digits++) {
      const shortest = value.toPrecision(digits);
      if (Math.fround(Number(shortest)) === value) {
        text = String(Number(shortest));
        break;
      }
    }
    // Ratings take few values; a shop that somehow has more only loses the shortcut.
    if (printedFloats.size < 10_000) printedFloats.set(value, text);
  }
  return text;
}
const printedFloats = new Map<number, string>();

const featuredPart: KeyPart = { type: 'boolean', of: (s, slot) => s.flags[slot]! & FEATURED };
const ratingPart: KeyPart = { type: 'real', of: (s, slot) => s.rating[slot]! };
const reviewsPart: KeyPart = { type: 'integer', of: (s, slot) => s.numReviews[slot]! };
const pricePart: KeyPart = { type: 'integer', of: (s, slot) => s.price[slot]! };
const createdPart: KeyPart = { type: 'micros', of: (s, slot) => s.created[slot]! };
const sizePart: KeyPart = { type: 'integer', of: (s, slot) => s.sizeRank[slot]! };

/** Each order's keys before the product id (cursors carry them, then the id). */
export const ORDER_KEYS: Record<OrderName, KeyPart[]> = {
  featured: [featuredPart, ratingPart, reviewsPart],
  price: [pricePart],
  rating: [ratingPart, reviewsPart],
  newest: [createdPart],
  size: [sizePart],
};

/** Which kept order a listing sort reads, and whether from its end. */
export function orderOf(sort: ProductSort): { name: OrderName; descending: boolean } {
  switch (sort) {
    case 'featured':
      return { name: 'featured', descending: true };
    case 'price-low':
      return { name: 'price', descending: false };
    case 'price-high':
      return { name: 'price', descending: true };
    case 'rating':
      return { name: 'rating', descending: true };
    case 'newest':
      return { name: 'newest', descending: true };
    case 'size':
      return { name: 'size', descending: false };
  }
}

/** A key value read back from a cursor, comparable with what `KeyPart.of` reads. */
export function parseKeyValue(type: KeyType, text: string): number {
  const value = checkedKeyValue(type, text);
  switch (type) {
    case 'boolean':
      return value === 'true' ? 1 : 0;
    case 'real': {
      // PostgreSQL sorts NaN above every number.
      const real = Math.fround(Number(value));
      return Number.isNaN(real) ? Number.POSITIVE_INFINITY : real;
    }
    default:
      return Number(value);
  }
}

/** Whether writing `r` over the slot would change its keys in the order (so its place in it). */
export function keysChange(store: ListingStore, name: OrderName, slot: number, r: ListingRecord): boolean {
  switch (name) {
    case 'featured':
      return (
        (store.flags[slot]! & FEATURED) !== (r.featured ? FEATURED : 0) ||
        store.rating[slot] !== r.rating ||
        store.numReviews[slot] !== r.numReviews
      );
    case 'price':
      return store.price[slot] !== r.pricePaise;
    case 'rating':
      return store.rating[slot] !== r.rating || store.numReviews[slot] !== r.numReviews;
    case 'newest':
      return store.created[slot] !== r.createdMicros;
    case 'size':
      return store.sizeRank[slot] !== r.sizeRank;
  }
}

/** A slot's values printed as cursors carry them. */
export function printKey(store: ListingStore, name: OrderName, slot: number): string[] {
  const id = store.ids[slot]!;
  switch (name) {
    case 'featured':
      return [
        store.flags[slot]! & FEATURED ? 'true' : 'false',
        float4Text(store.rating[slot]!),
        String(store.numReviews[slot]),
        id,
      ];
    case 'price':
      return [String(store.price[slot]), id];
    case 'rating':
      return [float4Text(store.rating[slot]!), String(store.numReviews[slot]), id];
    case 'newest':
      return [String(store.created[slot]), id];
    case 'size':
      return [String(store.sizeRank[slot]), id];
  }
}

/**
 * Compares two slots ascending by the order's keys, then by product id: written out per order
 * (sorting 100,000 slots calls it millions of times; a loop over the keys cost several times more).
 */
export function comparatorOf(store: ListingStore, name: OrderName, idRank?: Int32Array): SlotComparator {
  // A rebuild knows every slot's place in id order: ties then cost an integer compare.
  const ids = idRank
    ? (a: number, b: number) => idRank[a]! - idRank[b]!
    : (a: number, b: number) => byId(store.ids[a]!, store.ids[b]!);
  switch (name) {
    case 'featured':
      return (a, b) =>
        (store.flags[a]! & FEATURED) - (store.flags[b]! & FEATURED) ||
        store.rating[a]! - store.rating[b]! ||
        store.numReviews[a]! - store.numReviews[b]! ||
        ids(a, b);
    case 'price':
      return (a, b) => store.price[a]! - store.price[b]! || ids(a, b);
    case 'rating':
      return (a, b) =>
        store.rating[a]! - store.rating[b]! || store.numReviews[a]! - store.numReviews[b]! || ids(a, b);
    case 'newest':
      return (a, b) => store.created[a]! - store.created[b]! || ids(a, b);
    case 'size':
      return (a, b) => store.sizeRank[a]! - store.sizeRank[b]! || ids(a, b);
  }
}

/**
 * How a slot compares with a key read from a cursor (values as parseKeyValue
 * gives them, the id lower-cased), ascending: negative when the slot comes first.
 */
export function compareWithKey(
  store: ListingStore,
  name: OrderName,
  slot: number,
  values: readonly number[],
  id: string,
): number {
  const parts = ORDER_KEYS[name];
  for (let i = 0; i < parts.length; i++) {
    const d = parts[i]!.of(store, slot) - values[i]!;
    if (d !== 0) return d;
  }
  return byId(store.ids[slot]!, id);
}

/** PostgreSQL orders uuids by their bytes: the same as their lower-case text. */
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const compareIds = byId;

export function createOrders(store: ListingStore): Record<OrderName, SortOrder> {
  return {
    featured: new SortOrder(comparatorOf(store, 'featured')),
    price: new SortOrder(comparatorOf(store, 'price')),
    rating: new SortOrder(comparatorOf(store, 'rating')),
    newest: new SortOrder(comparatorOf(store, 'newest')),
    size: new SortOrder(comparatorOf(store, 'size')),
  };
}
