import type { HoldRules } from '../settings/index';

// The rules of unpaid holds, apart from the database: how much one holder may keep off sale, and which
// earlier holds an order takes over. The service reads the counts and slots, asks here, and writes.

/** Who a hold counts against: the account, the browser (its signed device id), the network it came from. */
export const HOLDER_KEYS = ['account', 'device', 'address'] as const;
export type HolderKey = (typeof HOLDER_KEYS)[number];

/** The most that may count against each key. */
export type HoldCaps = Record<HolderKey, number>;

/**
 * The caps for a thing in limited supply. Units of a product: one shopper (account, device) the
 * larger of the fixed number and the percentage of the supply; a network that many times more, a
 * high ceiling since many real shoppers share one address behind a carrier's NAT. A coupon use: one
 * per shopper (an order uses it once), and the network the same ceiling as for units of a product
 * with as many in stock as the coupon has uses.
 */
export function holdCaps(rules: HoldRules, supply: number, kind: 'units' | 'coupon'): HoldCaps {
  const shopper = Math.max(rules.unitsPerShopper, Math.floor((rules.percentPerShopper * supply) / 100));
  const own = kind === 'units' ? shopper : 1;
  return { account: own, device: own, address: rules.addressMultiple * shopper };
}

/** A hold of this holder that ended unpaid before its deadline: its free units may be placed again until then. */
export interface ReusableSlot {
  id: string;
  free: number;
  expiresAt: Date;
  /** Which of the placing holder's keys the slot counts against. */
  shares: Record<HolderKey, boolean>;
}

export interface HoldPlan {
  /** Units taken over from each slot. */
  reuse: { id: string; units: number }[];
  /** The earliest deadline among the slots taken over: the order must be paid by then. Null: none taken over. */
  deadline: Date | null;
  /** What counts against each key once the order holds its units. */
  after: Record<HolderKey, number>;
}

export interface HoldRefusal {
  key: HolderKey;
  cap: number;
  /** What counts against the key now. */
  held: number;
  /** The most the shopper could place instead (0: none). */
  allowed: number;
}

/**
 * Places `quantity` units for a holder whose keys count `counts` now: units of slots they released
 * earlier are placed again first (latest deadline first, so the order keeps as long a deadline as
 * it may), the rest are new. Refused when any key would count more than its cap (a key the holder
 * lacks, such as a device for a request without one, has an infinite cap). A slot's units already
 * count against the keys it shares, so taking it over moves them rather than adding them.
 */
export function planHold(
  quantity: number,
  counts: Record<HolderKey, number>,
  slots: readonly ReusableSlot[],
  caps: HoldCaps,
): { ok: true; plan: HoldPlan } | { ok: false; refusal: HoldRefusal } {
  const plan = planUnits(quantity, counts, slots);
  const over = HOLDER_KEYS.filter((key) => plan.after[key] > caps[key]);
  if (over.length === 0) return { ok: true, plan };
  const key = over.reduce((a, b) => (plan.after[b] - caps[b] > plan.after[a] - caps[a] ? b : a));
  // What each key counts grows with the quantity, so the most that fits is found by halving.
  let [low, high] = [0, quantity - 1];
  let allowed = 0;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const fits = HOLDER_KEYS.every((k) => planUnits(middle, counts, slots).after[k] <= caps[k]);
    if (fits) [allowed, low] = [middle, middle + 1];
    else high = middle - 1;
  }
  return { ok: false, refusal: { key, cap: caps[key], held: counts[key], allowed } };
}

function planUnits(
  quantity: number,
  counts: Record<HolderKey, number>,
  slots: readonly ReusableSlot[],
): HoldPlan {
  const reuse: HoldPlan['reuse'] = [];
  const after = { ...counts };
  for (const key of HOLDER_KEYS) after[key] += quantity;
  let deadline: Date | null = null;
  let wanted = quantity;
  for (const slot of [...slots].sort((a, b) => b.expiresAt.getTime() - a.expiresAt.getTime())) {
    if (wanted === 0) break;
    const units = Math.min(wanted, slot.free);
    if (units <= 0) continue;
    reuse.push({ id: slot.id, units });
    wanted -= units;
    for (const key of HOLDER_KEYS) if (slot.shares[key]) after[key] -= units;
    if (!deadline || slot.expiresAt < deadline) deadline = slot.expiresAt;
  }
  return { reuse, deadline, after };
}
