import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authAttempts } from '../../db/schema/users';

/**
 * How attempts against one key are allowed: `free` in a row without waiting, then a wait after each
 * further one that doubles from `firstDelayMs` up to `maxDelayMs`. The count is forgotten after
 * `forgetAfterMs` without an attempt, or with `resets: 'window'` `forgetAfterMs` after the first
 * attempt it counts, however busy the key: a key many people share (an address) must not collect
 * their mistakes for ever while a trickle of them keeps it from going quiet.
 */
export interface AttemptPolicy {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
  resets?: 'quiet' | 'window';
}

export interface CountedAttempt {
  /** False when the key was still waiting: the attempt was refused and not counted. */
  allowed: boolean;
  count: number;
  /** When the next attempt is allowed. */
  blockedUntil: Date;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const ms = (value: number) => sql`(${value}::float8 * interval '1 millisecond')`;

// "Not waiting" is the epoch, not the time of the attempt: requests read the clock a moment before their
// statement runs, and one that read it earlier must not find itself waiting behind a later one.
const NOT_WAITING = sql`to_timestamp(0)`;

/** When the next attempt is allowed after the `count`-th (count is an SQL expression). */
function blockedAfter(count: ReturnType<typeof sql>, now: Date, policy: AttemptPolicy) {
  return sql`(case when ${count} < ${policy.free}::int then ${NOT_WAITING}
    else ${at(now)} + least(${ms(policy.firstDelayMs)} * power(2, ${count} - ${policy.free}::int), ${ms(policy.maxDelayMs)}) end)`;
}

/**
 * Counts one attempt against a key, in one statement that every server process can run at once: a
 * key that is waiting refuses the attempt without counting it (so a refused attempt never lengthens
 * the wait); otherwise the count grows and the next wait is set.
 */
export async function countAttempt(
  db: DbOrTx,
  keyHash: string,
  now: Date,
  policy: AttemptPolicy,
): Promise<CountedAttempt> {
  const t = authAttempts;
  const expired = sql`${t.expiresAt} <= ${at(now)}`;
  const waiting = sql`${t.blockedUntil} > ${at(now)}`;
  const next = sql`(${t.count} + 1)`;
  const [row] = await db
    .insert(t)
    .values({
      keyHash,
      count: 1,
      lastAt: now,
      blockedUntil: blockedAfter(sql`1`, now, policy),
      previousBlockedUntil: new Date(0),
      expiresAt: new Date(now.getTime() + policy.forgetAfterMs),
    })
    .onConflictDoUpdate({
      target: t.keyHash,
      set: {
        count: sql`case when ${expired} then 1 when ${waiting} then ${t.count} else ${next} end`,
        lastAt: sql`case when ${expired} or not ${waiting} then ${at(now)} else ${t.lastAt} end`,
        blockedUntil: sql`case when ${expired} then ${blockedAfter(sql`1`, now, policy)}
          when ${waiting} then ${t.blockedUntil}
          else ${blockedAfter(next, now, policy)} end`,
        previousBlockedUntil: sql`case when ${expired} then ${NOT_WAITING} else ${t.blockedUntil} end`,
        expiresAt:
          policy.resets === 'window'
            ? sql`case when ${expired} then ${at(now)} + ${ms(policy.forgetAfterMs)} else ${t.expiresAt} end`
            : sql`case when ${expired} or not ${waiting} then ${at(now)} + ${ms(policy.forgetAfterMs)} else ${t.expiresAt} end`,
      },
    })
    .returning({
      count: t.count,
      blockedUntil: t.blockedUntil,
      previousBlockedUntil: t.previousBlockedUntil,
    });
  return {
    allowed: row!.previousBlockedUntil.getTime() <= now.getTime(),
    count: row!.count,
    blockedUntil: row!.blockedUntil,
  };
}

/** Takes back one counted attempt (a login that succeeded is not a failure of its address). */
export async function uncountAttempt(db: DbOrTx, keyHash: string, policy: AttemptPolicy) {
  const t = authAttempts;
  const fewer = sql`greatest(${t.count} - 1, 0)`;
  await db
    .update(t)
    .set({
      count: fewer,
      blockedUntil: sql`case when ${fewer} < ${policy.free}::int then ${NOT_WAITING} else ${t.blockedUntil} end`,
    })
    .where(eq(t.keyHash, keyHash));
}

export async function clearAttempts(db: DbOrTx, keyHash: string): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.keyHash, keyHash));
}

/** Marks a key as seen (a known address) until `until`, without counting anything against it. */
export async function rememberKey(db: DbOrTx, keyHash: string, now: Date, until: Date): Promise<void> {
  await db
    .insert(authAttempts)
    .values({
      keyHash,
      count: 0,
      lastAt: now,
      blockedUntil: now,
      previousBlockedUntil: now,
      expiresAt: until,
    })
    .onConflictDoUpdate({ target: authAttempts.keyHash, set: { lastAt: now, expiresAt: until } });
}

export async function isRememberedKey(db: DbOrTx, keyHash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ keyHash: authAttempts.keyHash })
    .from(authAttempts)
    .where(and(eq(authAttempts.keyHash, keyHash), gt(authAttempts.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

/** Drops counters nobody has touched for their forget time. */
export async function deleteExpiredAttempts(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(authAttempts).where(lt(authAttempts.expiresAt, now));
}
