import { PINCODE_MAX, PINCODE_MIN, type PincodeRule } from '@bazaar/shared';

/** A rule as the matcher ranks it: the zone it belongs to and that zone's place in the admin's order. */
export interface RankedRule extends PincodeRule {
  zoneId: string;
  zonePosition: number;
}

const KIND_RANK = { exact: 0, range: 1, prefix: 2 } as const;

/**
 * The order in which rules claim a pincode several of them cover (decision record 174): the rule
 * covering fewer pincodes first (a pincode beats any range or prefix around it, a longer prefix a
 * shorter one, a narrower range a wider one); on equal coverage an exact pincode, then a range, then a
 * prefix; then the zone higher in the admin's list; then the zone id, so the answer never depends on
 * the order rows were read in.
 */
export function compareRules(a: RankedRule, b: RankedRule): number {
  return (
    a.high - a.low - (b.high - b.low) ||
    KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
    a.zonePosition - b.zonePosition ||
    (a.zoneId < b.zoneId ? -1 : a.zoneId > b.zoneId ? 1 : 0)
  );
}

const EDGE_SLOTS = 2 ** 22;
const ZONE_SLOTS = 1024;
const INDEX_SLOTS = 2 ** 21;

/**
 * The rules in `compareRules` order. Each gets one number holding its sort key (coverage, kind, the
 * zone's place among the zones) and its index, so a typed array sorts them natively: 20,000 rules
 * sort in a few milliseconds, where a comparator takes tens. Beyond what the number can hold (over
 * 1,024 zones or 2 million rules) the comparator does it.
 */
function rankRules(rules: readonly RankedRule[]): RankedRule[] {
  const places = new Map<string, number>();
  for (const rule of rules) places.set(rule.zoneId, rule.zonePosition);
  if (places.size >= ZONE_SLOTS || rules.length >= INDEX_SLOTS) return [...rules].sort(compareRules);
  const zoneOrder = [...places].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const ordinal = new Map(zoneOrder.map(([id], i) => [id, i]));
  const keys = new Float64Array(rules.length);
  rules.forEach((rule, i) => {
    const coverage = (rule.high - rule.low) * 4 + KIND_RANK[rule.kind];
    keys[i] = (coverage * ZONE_SLOTS + ordinal.get(rule.zoneId)!) * INDEX_SLOTS + i;
  });
  keys.sort();
  return Array.from(keys, (key) => rules[key % INDEX_SLOTS]!);
}

/** A min-heap of rule ranks (0 is the best rule): the rules covering the pincode a sweep is at. */
class RankHeap {
  private readonly items: number[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): number | undefined {
    return this.items[0];
  }

  push(rank: number): void {
    const items = this.items;
    items.push(rank);
    for (let i = items.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (items[parent]! <= rank) break;
      items[i] = items[parent]!;
      items[parent] = rank;
      i = parent;
    }
  }

  pop(): void {
    const items = this.items;
    const last = items.pop()!;
    if (items.length === 0) return;
    items[0] = last;
    for (let i = 0; ; ) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < items.length && items[left]! < items[least]!) least = left;
      if (right < items.length && items[right]! < items[least]!) least = right;
      if (least === i) return;
      [items[i], items[least]] = [items[least]!, items[i]!];
      i = least;
    }
  }
}

/**
 * Which rule serves each pincode, as the pincode line cut into runs that one rule serves (or none):
 * a lookup is a binary search over the runs' starts. Building sweeps the rules' ends in pincode order
 * with the covering rules in a heap by rank, so it costs O(rules × log rules) however wide or
 * overlapping they are (20,000 rules: about 40,000 runs, under a megabyte).
 */
export class ZoneMatcher {
  private constructor(
    private readonly rules: readonly RankedRule[],
    /** Where each run begins, ascending; the first begins at PINCODE_MIN. */
    private readonly starts: Int32Array,
    /** The index in `rules` of the rule serving each run, or −1. */
    private readonly owners: Int32Array,
  ) {}

  static build(rules: readonly RankedRule[]): ZoneMatcher {
    const ranked = rankRules(rules);
    // Each rule begins at `low` and stops covering at `high + 1`, packed into one number each
    // (pincode × 2²² + rank × 2 + begins) so that a typed array sorts them natively.
    const edges = new Float64Array(ranked.length * 2);
    ranked.forEach((rule, rank) => {
      edges[2 * rank] = rule.low * EDGE_SLOTS + rank * 2 + 1;
      edges[2 * rank + 1] = (rule.high + 1) * EDGE_SLOTS + rank * 2;
    });
    edges.sort();
    const covering = new RankHeap();
    const ended = new Uint8Array(ranked.length);
    const starts: number[] = [PINCODE_MIN];
    const owners: number[] = [-1];
    for (let e = 0; e < edges.length; ) {
      const at = Math.floor(edges[e]! / EDGE_SLOTS);
      for (; e < edges.length && Math.floor(edges[e]! / EDGE_SLOTS) === at; e++) {
        const low = edges[e]! - at * EDGE_SLOTS;
        if (low & 1) covering.push(low >> 1);
        else ended[low >> 1] = 1;
      }
      while (covering.size && ended[covering.peek()!]) covering.pop();
      const owner = covering.peek() ?? -1;
      if (owner === owners[owners.length - 1]) continue;
      if (starts[starts.length - 1] === at) owners[owners.length - 1] = owner;
      else {
        starts.push(at);
        owners.push(owner);
      }
    }
    return new ZoneMatcher(ranked, Int32Array.from(starts), Int32Array.from(owners));
  }

  /** The rule serving the pincode, or undefined when no rule covers it. */
  match(pincode: number): RankedRule | undefined {
    if (pincode < PINCODE_MIN || pincode > PINCODE_MAX) return undefined;
    const { starts } = this;
    // The last run beginning at or before the pincode.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= pincode) lo = mid;
      else hi = mid - 1;
    }
    const owner = this.owners[lo]!;
    return owner < 0 ? undefined : this.rules[owner];
  }
}
