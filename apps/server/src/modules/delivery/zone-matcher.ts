import { PINCODE_MAX, PINCODE_MIN, type PincodeRule } from '@bazaar/shared';

/** A rule as the matcher ranks it: the zone it belongs to and that zone's place in the admin's order. */
export interface RankedRule extends PincodeRule {
  zoneId: string;
  zonePosition: number;
}

const KIND_RANK = { exact: 0, range: 1, prefix: 2 } as const;

/**
 * The order in which rules claim a pincode several of them cover (decision record 158): the rule
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

const SIZE = PINCODE_MAX - PINCODE_MIN + 1;

/**
 * Which rule serves each pincode, worked out once for every pincode there is (900,000 of them, 3.6 MB)
 * so that a lookup is one array read. Building paints the rules in rank order, each claiming only the
 * pincodes no better rule took, and skips claimed runs with a union-find "next free pincode" pointer:
 * the work is about one step per pincode plus one per rule, however wide or overlapping the rules are.
 */
export class ZoneMatcher {
  private constructor(
    private readonly rules: readonly RankedRule[],
    /** Per pincode − PINCODE_MIN: the index in `rules` of the rule that serves it, or −1. */
    private readonly owner: Int32Array | undefined,
  ) {}

  static build(rules: readonly RankedRule[]): ZoneMatcher {
    if (rules.length === 0) return new ZoneMatcher([], undefined);
    const ranked = [...rules].sort(compareRules);
    const owner = new Int32Array(SIZE).fill(-1);
    // next[i]: the first pincode at or after i that no rule has claimed yet (SIZE: none left).
    const next = new Int32Array(SIZE + 1);
    for (let i = 0; i <= SIZE; i++) next[i] = i;
    const free = (start: number): number => {
      let root = start;
      while (next[root] !== root) root = next[root]!;
      for (let i = start; next[i] !== root; ) {
        const after = next[i]!;
        next[i] = root;
        i = after;
      }
      return root;
    };
    ranked.forEach((rule, index) => {
      const last = rule.high - PINCODE_MIN;
      for (let i = free(rule.low - PINCODE_MIN); i <= last; i = free(i + 1)) {
        owner[i] = index;
        next[i] = i + 1;
      }
    });
    return new ZoneMatcher(ranked, owner);
  }

  /** The rule serving the pincode, or undefined when no rule covers it. */
  match(pincode: number): RankedRule | undefined {
    if (!this.owner || pincode < PINCODE_MIN || pincode > PINCODE_MAX) return undefined;
    const index = this.owner[pincode - PINCODE_MIN]!;
    return index < 0 ? undefined : this.rules[index];
  }
}
