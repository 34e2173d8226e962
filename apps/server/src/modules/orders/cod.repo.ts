import { and, asc, eq, exists, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, paymentLinks, payments } from '../../db/schema/orders';
import type { OrderRow } from './orders.repo';

/** How an order paid on delivery is marked, and the provider and method of its cash when collected. */
export const COD_METHOD = 'cod';

/**
 * The shopper's open cash-on-delivery orders: placed and not yet delivered or ended (awaiting
 * confirmation, confirmed, on their way), unpaid. Read with the cart locked, so two checkouts of one
 * shopper take turns.
 */
export async function countOpenCodOrders(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, COD_METHOD),
        isNull(orders.paidAt),
        inArray(orders.status, ['Awaiting confirmation', 'Processing', 'Shipped']),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The account's parcels Returned to origin: COD orders it refused at the door (the status is final).
 * Orders the shopper hid from their list count too, so deleting one does not wipe the record.
 */
export async function countReturnedToOrigin(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'Returned to origin')));
  return row?.n ?? 0;
}

/**
 * Up to `limit` COD orders past their deadline, still awaiting confirmation, that the shopper may
 * have paid online instead: an open payment link, or an open provider order (the payment window).
 * Not locked: the provider is asked about each before the job cancels it.
 */
export function findUnconfirmedDueToAsk(
  db: DbOrTx,
  now: Date,
  limit: number,
  except: readonly string[] = [],
): Promise<OrderRow[]> {
  const openLink = db
    .select({ one: sql`1` })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.orderId, orders.id), eq(paymentLinks.status, 'created')));
  const openPayment = db
    .select({ one: sql`1` })
    .from(payments)
    .where(and(eq(payments.orderId, orders.id), inArray(payments.status, ['created', 'failed'])));
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'Awaiting confirmation'),
        lte(orders.expiresAt, now),
        or(exists(openLink), exists(openPayment)),
        except.length > 0 ? notInArray(orders.id, [...except]) : undefined,
      ),
    )
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
}

/**
 * Up to `limit` COD orders still awaiting confirmation whose deadline passed by `now`, locked until
 * `tx` ends with SKIP LOCKED: processes running the job at once each take different orders, and an
 * order one of them cancelled is no longer awaiting when the next looks (cancelled exactly once).
 */
export function lockUnconfirmedDue(
  tx: DbOrTx,
  now: Date,
  limit: number,
  except: readonly string[] = [],
): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'Awaiting confirmation'),
        lte(orders.expiresAt, now),
        except.length > 0 ? notInArray(orders.id, [...except]) : undefined,
      ),
    )
    .orderBy(asc(orders.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * The cash the courier collected, recorded as a captured payment of the order's total (provider and
 * method `cod`), and the order marked paid with it; the caller then moves it to Delivered.
 */
export async function recordCashCollected(
  tx: DbOrTx,
  order: OrderRow,
  values: { recordedBy: string; at: Date },
): Promise<void> {
  await tx.insert(payments).values({
    orderId: order.id,
    provider: COD_METHOD,
    // One cash collection per order: a second one is refused by the unique (provider, order) index.
    providerOrderId: `cod_${order.id}`,
    providerPaymentId: `cod_${order.id}`,
    amountPaise: order.totalPaise,
    status: 'captured',
    method: COD_METHOD,
    raw: { recordedBy: values.recordedBy },
    createdAt: values.at,
    updatedAt: values.at,
  });
  await tx
    .update(orders)
    .set({ paidAt: values.at, paidWith: COD_METHOD })
    .where(and(eq(orders.id, order.id), isNull(orders.paidAt)));
}

/**
 * A COD order paid online instead: a prepaid order from now on, its payment method the provider of
 * its captured payment, paid with `method`; through the sandbox, no money moved, so a test order.
 */
export async function markPaidOnline(
  tx: DbOrTx,
  orderId: string,
  values: { method: string | null; at: Date },
): Promise<OrderRow> {
  const provider = sql<string>`(select ${payments.provider} from ${payments} where ${payments.orderId} = ${orderId} and ${payments.status} = 'captured' order by ${payments.updatedAt} desc limit 1)`;
  const [row] = await tx
    .update(orders)
    .set({
      paidAt: values.at,
      paidWith: values.method,
      paymentMethod: sql`coalesce(${provider}, ${orders.paymentMethod})`,
      isTest: sql`coalesce(${provider}, '') = 'sandbox'`,
    })
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}
