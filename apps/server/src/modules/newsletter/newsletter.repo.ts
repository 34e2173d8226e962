import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema/content';
import { coupons } from '../../db/schema/shopping';

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

const sameAddress = (email: string) => sql`lower(${newsletterSubscribers.email}) = lower(${email})`;

/** Adds an address; undefined when it is already there in any case (the unique index decides, so racing requests add it once). */
export async function insertSubscriber(
  db: DbOrTx,
  email: string,
  createdAt: Date,
): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({ email, createdAt })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Subscribes an address that had unsubscribed again; undefined when it is subscribed already. */
export async function resubscribe(db: DbOrTx, email: string): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: null })
    .where(and(sameAddress(email), isNotNull(newsletterSubscribers.unsubscribedAt)))
    .returning();
  return row;
}

export async function setSubscriberCoupon(db: DbOrTx, id: string, couponId: string): Promise<void> {
  await db.update(newsletterSubscribers).set({ couponId }).where(eq(newsletterSubscribers.id, id));
}

/** Marks the address unsubscribed (once: a second click keeps the first time). */
export async function unsubscribe(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: at })
    .where(and(eq(newsletterSubscribers.id, id), isNull(newsletterSubscribers.unsubscribedAt)));
}

/** A welcome coupon; undefined when the code is taken (the caller draws another). */
export async function insertCoupon(
  db: DbOrTx,
  values: { code: string; discount: number; usageLimit: number; expiresAt: Date },
): Promise<CouponRow | undefined> {
  const [row] = await db.insert(coupons).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findCoupon(db: DbOrTx, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

/** One page of every address, newest first, and how many are subscribed and unsubscribed. */
export async function findSubscriberPage(
  db: DbOrTx,
  limit: number,
  offset: number,
): Promise<{ rows: SubscriberRow[]; subscribed: number; unsubscribed: number }> {
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(limit)
      .offset(offset),
    db
      .select({
        all: count(),
        unsubscribed: count(newsletterSubscribers.unsubscribedAt),
      })
      .from(newsletterSubscribers),
  ]);
  const unsubscribed = counts?.unsubscribed ?? 0;
  return { rows, subscribed: (counts?.all ?? 0) - unsubscribed, unsubscribed };
}

/** Every address still subscribed, oldest first (the export). */
export async function findSubscribed(db: DbOrTx): Promise<SubscriberRow[]> {
  return db
    .select()
    .from(newsletterSubscribers)
    .where(isNull(newsletterSubscribers.unsubscribedAt))
    .orderBy(asc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id));
}
