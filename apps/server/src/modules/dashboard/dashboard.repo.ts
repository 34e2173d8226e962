import { SHOP_UTC_OFFSET_MINUTES } from '@bazaar/shared/constants';
import { and, count, eq, gte, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { orders } from '../../db/schema/orders';

/** Orders whose money the shop gave back or never kept: they do not count as revenue. */
const NOT_REVENUE = ['Cancelled', 'Refunded', 'Returned'] as const;

/** Paid, kept, and real: a test order (paid through the sandbox) moved no money. */
const earning = and(
  isNotNull(orders.paidAt),
  notInArray(orders.status, [...NOT_REVENUE]),
  eq(orders.isTest, false),
);

/** An order's paise after its refunds (done or under way; a failed refund gave nothing back). */
const kept = sql`${orders.totalPaise} - coalesce((select sum(r.amount_paise) from refunds r where r.order_id = ${orders.id} and r.status <> 'failed'), 0)`;

/** Paise of every paid order that was not cancelled, refunded or returned, less its refunds, test orders aside. */
export async function sumRevenue(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ paise: sql<string>`coalesce(sum(${kept}), 0)` })
    .from(orders)
    .where(earning);
  return Number(row?.paise ?? 0);
}

/** Revenue and order count per shop calendar day of payment, for payments since `since`. */
export async function revenueByPaidDay(
  db: DbOrTx,
  since: Date,
): Promise<{ date: string; paise: number; orders: number }[]> {
  // The offset is written into the statement, not bound: GROUP BY must see the very same expression.
  const offset = sql.raw(`interval '${Number(SHOP_UTC_OFFSET_MINUTES)} minutes'`);
  const day = sql<string>`to_char((${orders.paidAt} at time zone 'UTC') + ${offset}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, paise: sql<string>`sum(${kept})`, orders: count() })
    .from(orders)
    .where(and(earning, gte(orders.paidAt, since)))
    .groupBy(day);
  return rows.map((r) => ({ date: r.date, paise: Number(r.paise), orders: r.orders }));
}

/** Products shoppers can see (archived ones are kept only for past orders). */
export async function countLiveProducts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(isNull(products.archivedAt));
  return row?.n ?? 0;
}

export async function countOrdersSince(db: DbOrTx, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(gte(orders.createdAt, since));
  return row?.n ?? 0;
}
