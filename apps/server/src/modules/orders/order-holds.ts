import type { DbOrTx } from '../../db/client';
import { conflict } from '../../lib/errors';
import type { HoldRules } from '../settings/index';
import { type HoldPlan, type HoldRefusal, holdCaps, planHold } from './hold-plan';
import {
  countHeld,
  findReusable,
  type HeldThing,
  type Holder,
  insertHolds,
  type KeyCount,
  type NewHold,
  takeOver,
} from './unpaid-holds.repo';

/** What a refusal names: a product's units, or a coupon's use. */
export type HeldLabel = { kind: 'units'; name: string } | { kind: 'coupon'; code: string };

export type HoldCheck = { ok: true; plan: HoldPlan } | { ok: false; message: string };

/**
 * The holds of one order while it is placed, in its transaction. `take` runs after the thing's own
 * row was locked by this transaction (its stock taken, its coupon use counted), so every other order
 * of the same thing waits until this one commits and counts what it holds. `record` writes them with
 * the order's deadline: its window, or the earliest deadline of the units it placed again.
 */
export class OrderHolds {
  private readonly rows: Omit<NewHold, 'orderId' | 'expiresAt'>[] = [];
  private deadline: Date;

  constructor(
    private readonly db: DbOrTx,
    private readonly holder: Holder,
    private readonly rules: HoldRules,
    private readonly now: Date,
  ) {
    this.deadline = new Date(now.getTime() + rules.windowMs);
  }

  /** The order's deadline as it stands. */
  get payBy(): Date {
    return this.deadline;
  }

  /**
   * Whether the holder may hold `quantity` of the thing now, with `supply` of it in all (a product's
   * units on the shelf and in unpaid orders, a coupon's usage limit), and which earlier holds it takes over.
   */
  async check(
    thing: HeldThing,
    label: HeldLabel,
    quantity: number,
    supply: (live: number) => number,
  ): Promise<HoldCheck> {
    const { holder, now } = this;
    const { counts, live } = await countHeld(this.db, thing, holder, now);
    const slots = await findReusable(this.db, thing, holder, now);
    const caps = holdCaps(this.rules, supply(live), label.kind);
    if (!holder.deviceKey) caps.device = Number.POSITIVE_INFINITY;
    if (!holder.addressKey) caps.address = Number.POSITIVE_INFINITY;
    const units = {
      account: counts.account.units,
      device: counts.device.units,
      address: counts.address.units,
    };
    const outcome = planHold(quantity, units, slots, caps);
    if (outcome.ok) return outcome;
    return { ok: false, message: refusalMessage(label, outcome.refusal, counts[outcome.refusal.key], now) };
  }

  /** Checks, then keeps the hold for `record`: a refusal is a 409 with its reason. */
  async take(
    thing: HeldThing,
    label: HeldLabel,
    quantity: number,
    supply: (live: number) => number,
  ): Promise<void> {
    const checked = await this.check(thing, label, quantity, supply);
    if (!checked.ok) throw conflict(checked.message);
    const { plan } = checked;
    for (const slot of plan.reuse) await takeOver(this.db, slot.id, slot.units);
    if (plan.deadline && plan.deadline < this.deadline) this.deadline = plan.deadline;
    this.rows.push({
      ...thing,
      userId: this.holder.userId,
      deviceKey: this.holder.deviceKey,
      addressKey: this.holder.addressKey,
      quantity,
      createdAt: this.now,
    });
  }

  /** Writes the order's holds with its deadline, which it returns. */
  async record(orderId: string): Promise<Date> {
    await insertHolds(
      this.db,
      this.rows.map((row) => ({ ...row, orderId, expiresAt: this.deadline })),
    );
    return this.deadline;
  }
}

/** "the next 12 minutes", "the next 2 hours": how long until `end`. */
function forTheNext(end: Date | null, now: Date): string {
  const minutes = Math.max(1, Math.ceil(((end ?? now).getTime() - now.getTime()) / 60_000));
  if (minutes < 90) return `the next ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.round(minutes / 60);
  return `about the next ${hours} hours`;
}

/** The refusal as the shopper reads it: what the limit is, what holds it, and what to do. */
function refusalMessage(label: HeldLabel, refusal: HoldRefusal, count: KeyCount, now: Date): string {
  const span = forTheNext(count.firstEnds, now);
  if (label.kind === 'coupon') {
    const { code } = label;
    if (refusal.key === 'address') {
      return `The coupon ${code} is held by too many unpaid orders from your internet connection. Please try again in a few minutes, or remove it from your cart to continue.`;
    }
    const whose =
      refusal.key === 'account' ? 'another of your unpaid orders' : 'an unpaid order placed from this device';
    return `The coupon ${code} is already held by ${whose} for ${span}. Pay for that order first, or remove the coupon from your cart to continue.`;
  }
  const { name } = label;
  const lower = refusal.allowed > 0 ? `lower the quantity to ${refusal.allowed}` : '';
  if (refusal.key === 'address') {
    return `Too many of ${name} are waiting for payment in orders from your internet connection. Please try again in a few minutes${lower ? `, or ${lower}` : ''}.`;
  }
  const who =
    refusal.key === 'account' ? 'your unpaid or just-deleted orders' : 'orders placed from this device';
  const held = refusal.held > 0 ? `, and ${who} hold ${refusal.held} for ${span}` : '';
  const advice = lower
    ? `${lower[0]!.toUpperCase()}${lower.slice(1)} to continue${refusal.held > 0 ? ', or pay for your earlier order first' : ''}.`
    : 'Pay for your earlier order in My Orders first, or try again then.';
  return `You can hold at most ${refusal.cap} of ${name} in unpaid orders${held}. ${advice}`;
}
