import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { coupons } from '../../db/schema/shopping';

export type CouponRow = typeof coupons.$inferSelect;

/** The coupon with this code, whatever the case it is typed in (the unique index is on `upper(code)`). */
export async function findCouponByCode(db: DbOrTx, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(sql`upper(${coupons.code}) = upper(${code})`);
  return row;
}

export async function findCouponById(db: DbOrTx, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}
