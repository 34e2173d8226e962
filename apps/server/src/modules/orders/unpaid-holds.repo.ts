import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { unpaidHolds } from '../../db/schema/orders';
import type { HolderKey, ReusableSlot } from './hold-plan';

/** What a hold is on: units of a variant (of its product), or uses of a coupon. */
export type HeldThing = { productId: string; variantId: string } | { couponId: string };

/** Who places an order, by each key a hold counts against; a key the request lacks is null. */
export interface Holder {
  userId: string;
  deviceKey: string | null;
  addressKey: string | null;
}

const t = unpaidHolds;

function thingIs(thing: HeldThing): SQL {
  return 'variantId' in thing ? eq(t.variantId, thing.variantId) : eq(t.couponId, thing.couponId);
}

/** The condition "the row counts against this key of the holder"; false for a key the holder lacks. */
function keyMatches(holder: Holder, key: HolderKey): SQL {
  if (key === 'account') return eq(t.userId, holder.userId);
  const value = key === 'device' ? holder.deviceKey : holder.addressKey;
  return value === null ? sql`false` : eq(key === 'device' ? t.deviceKey : t.addressKey, value);
}

export interface KeyCount {
  /** Units counting against the key now. */
  units: number;
  /** The earliest deadline among them: some of them stop counting then. */
  firstEnds: Date | null;
}

/**
 * What counts against each of the holder's keys for one thing now (units of holds whose deadline has
 * not passed, paid or not yet, less those a later order took over), and how many units unpaid orders
 * hold of it (the part of its supply that is off the shelf).
 */
export async function countHeld(
  db: DbOrTx,
  thing: HeldThing,
  holder: Holder,
  now: Date,
): Promise<{ counts: Record<HolderKey, KeyCount>; live: number }> {
  const open = sql`${t.expiresAt} > ${now.toISOString()}::timestamptz and ${t.quantity} > ${t.reused}`;
  const units = (key: HolderKey) =>
    sql<number>`coalesce(sum(${t.quantity} - ${t.reused}) filter (where ${open} and ${keyMatches(holder, key)}), 0)::int`;
  const firstEnds = (key: HolderKey) =>
    sql<string | null>`min(${t.expiresAt}) filter (where ${open} and ${keyMatches(holder, key)})`;
  const [row] = await db
    .select({
      account: units('account'),
      accountEnds: firstEnds('account'),
      device: units('device'),
      deviceEnds: firstEnds('device'),
      address: units('address'),
      addressEnds: firstEnds('address'),
      live: sql<number>`coalesce(sum(${t.quantity}) filter (where ${t.releasedAt} is null), 0)::int`,
    })
    .from(t)
    .where(thingIs(thing));
  const date = (value: string | Date | null | undefined) => (value ? new Date(value) : null);
  return {
    counts: {
      account: { units: row?.account ?? 0, firstEnds: date(row?.accountEnds) },
      device: { units: row?.device ?? 0, firstEnds: date(row?.deviceEnds) },
      address: { units: row?.address ?? 0, firstEnds: date(row?.addressEnds) },
    },
    live: row?.live ?? 0,
  };
}

/**
 * The holder's released holds of one thing whose deadline has not passed and whose units were not all
 * placed again: their account's or their device's (never only their network's, which strangers
 * share). An admin's release is not reusable: its units wait out the deadline.
 */
export async function findReusable(
  db: DbOrTx,
  thing: HeldThing,
  holder: Holder,
  now: Date,
): Promise<ReusableSlot[]> {
  const rows = await db
    .select()
    .from(t)
    .where(
      and(
        thingIs(thing),
        isNotNull(t.releasedAt),
        eq(t.reusable, true),
        gt(t.expiresAt, now),
        lt(t.reused, t.quantity),
        or(keyMatches(holder, 'account'), keyMatches(holder, 'device')),
      ),
    )
    .orderBy(desc(t.expiresAt));
  return rows.map((row) => ({
    id: row.id,
    free: row.quantity - row.reused,
    expiresAt: row.expiresAt,
    shares: {
      account: row.userId === holder.userId,
      device: holder.deviceKey !== null && row.deviceKey === holder.deviceKey,
      address: holder.addressKey !== null && row.addressKey === holder.addressKey,
    },
  }));
}

/** A later order placed `units` of the slot again: they count there from now on. */
export async function takeOver(db: DbOrTx, slotId: string, units: number): Promise<void> {
  await db
    .update(t)
    .set({ reused: sql`${t.reused} + ${units}` })
    .where(eq(t.id, slotId));
}

export type NewHold = typeof unpaidHolds.$inferInsert;

export async function insertHolds(db: DbOrTx, rows: readonly NewHold[]): Promise<void> {
  if (rows.length > 0) await db.insert(t).values([...rows]);
}

/**
 * The order ended unpaid: its stock is back, and its holds keep counting against their holder until
 * their deadline; `reusable` says whether the holder may place those units again until then.
 */
export async function releaseHolds(db: DbOrTx, orderId: string, at: Date, reusable: boolean): Promise<void> {
  await db
    .update(t)
    .set({ releasedAt: at, reusable })
    .where(and(eq(t.orderId, orderId), isNull(t.releasedAt)));
}

/** The order was paid: what it holds is sold, and counts against nobody. */
export async function dropHolds(db: DbOrTx, orderId: string): Promise<void> {
  await db.delete(t).where(eq(t.orderId, orderId));
}

/**
 * Deletes up to `limit` released holds whose deadline passed (they count for nothing any more) and
 * says how many. Every process's expiry job runs it: rows another is deleting are skipped, never
 * waited for, so two never block or deadlock each other.
 */
export async function pruneHolds(db: DbOrTx, now: Date, limit: number): Promise<number> {
  const due = db
    .select({ id: t.id })
    .from(t)
    .where(and(isNotNull(t.releasedAt), lte(t.expiresAt, now)))
    .limit(limit)
    .for('update', { skipLocked: true });
  const gone = await db.delete(t).where(inArray(t.id, due)).returning({ id: t.id });
  return gone.length;
}
