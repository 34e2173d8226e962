import type { CouponKind } from '@bazaar/shared';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { newsletterSubscribers } from '../../db/schema/content';
import { coupons } from '../../db/schema/shopping';

export type CouponRow = typeof coupons.$inferSelect;
/** A coupon and, for a newsletter welcome code, the address it was made for. */
export type CouponWithOwner = CouponRow & { welcomeFor: string | null };

export interface CouponValues {
  code: string;
  discount: number;
  usageLimit: number;
  expiresAt: Date | null;
}

const columns = { coupon: coupons, welcomeFor: newsletterSubscribers.email };
const withOwner = (row: { coupon: CouponRow; welcomeFor: string | null }): CouponWithOwner => ({
  ...row.coupon,
  welcomeFor: row.welcomeFor,
});

/** One page of coupons of this kind, newest first, matching the search on the code or the subscriber's address. */
export async function findCouponPage(
  db: DbOrTx,
  filter: { kind: CouponKind; search?: string | undefined },
  limit: number,
  offset: number,
): Promise<{ rows: CouponWithOwner[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.kind === 'shop') conditions.push(isNull(newsletterSubscribers.id));
  if (filter.kind === 'welcome') conditions.push(isNotNull(newsletterSubscribers.id));
  if (filter.search) {
    const p = likePattern(filter.search);
    conditions.push(
      sql`(lower(${coupons.code}) like ${p} or lower(coalesce(${newsletterSubscribers.email}, '')) like ${p})`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const joined = eq(newsletterSubscribers.couponId, coupons.id);
  const [rows, [totals]] = await Promise.all([
    db
      .select(columns)
      .from(coupons)
      .leftJoin(newsletterSubscribers, joined)
      .where(where)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(coupons).leftJoin(newsletterSubscribers, joined).where(where),
  ]);
  return { rows: rows.map(withOwner), total: totals?.n ?? 0 };
}

export async function findCouponWithOwner(db: DbOrTx, id: string): Promise<CouponWithOwner | undefined> {
  const [row] = await db
    .select(columns)
    .from(coupons)
    .leftJoin(newsletterSubscribers, eq(newsletterSubscribers.couponId, coupons.id))
    .where(eq(coupons.id, id))
    .limit(1);
  return row ? withOwner(row) : undefined;
}

/** The coupon, locked until the transaction ends, so an edit sees the used count a checkout may be raising. */
export async function lockCoupon(db: DbOrTx, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).for('update');
  return row;
}

/** The coupon whose code is this one in any case (codes are unique that way). */
export async function findCouponByCode(db: DbOrTx, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(sql`upper(${coupons.code}) = upper(${code})`).limit(1);
  return row;
}

/** Undefined when another coupon has the code in any case (the unique index decides, so racing requests cannot both add it). */
export async function insertShopCoupon(
  db: DbOrTx,
  values: CouponValues & { at: Date },
): Promise<CouponRow | undefined> {
  const { at, ...rest } = values;
  const [row] = await db
    .insert(coupons)
    .values({ ...rest, createdAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateCouponRow(
  db: DbOrTx,
  id: string,
  values: CouponValues & { at: Date },
): Promise<CouponRow | undefined> {
  const { at, ...rest } = values;
  const [row] = await db
    .update(coupons)
    .set({ ...rest, updatedAt: at })
    .where(eq(coupons.id, id))
    .returning();
  return row;
}

export async function deleteCouponRow(db: DbOrTx, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.delete(coupons).where(eq(coupons.id, id)).returning();
  return row;
}
