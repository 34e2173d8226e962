import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refunds } from '../../db/schema/after-sale';
import { orderItems, orders } from '../../db/schema/orders';
import {
  orderItemCancellations,
  type ReturnStatus,
  returnRequestItems,
  returnRequests,
  returnStatusHistory,
  returnStatusTransitions,
} from '../../db/schema/returns';

export type ReturnRequestRow = typeof returnRequests.$inferSelect;
export type ReturnItemRow = typeof returnRequestItems.$inferSelect;
type NewHistory = typeof returnStatusHistory.$inferInsert;
type NewCancellation = typeof orderItemCancellations.$inferInsert;

/** A request with what its reply shows: items with their line's name, history, refund status, customer. */
export interface ReturnRequestFull {
  request: ReturnRequestRow;
  orderName: string;
  orderEmail: string;
  refundStatus: 'pending' | 'processed' | 'failed' | null;
  items: (ReturnItemRow & { name: string; colour: string | null; size: string | null })[];
  history: { toStatus: string; createdAt: Date; note: string | null }[];
}

export async function insertReturnRequest(
  tx: DbOrTx,
  request: { orderId: string; userId: string; createdAt: Date },
  items: readonly { orderItemId: string; quantity: number; reason: string }[],
): Promise<ReturnRequestRow> {
  const [row] = await tx
    .insert(returnRequests)
    .values({ ...request, updatedAt: request.createdAt })
    .returning();
  await tx.insert(returnRequestItems).values(items.map((i) => ({ ...i, returnRequestId: row!.id })));
  return row!;
}

export async function lockReturnRequest(tx: DbOrTx, id: string): Promise<ReturnRequestRow | undefined> {
  const [row] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for('update');
  return row;
}

export async function findReturnRequest(db: DbOrTx, id: string): Promise<ReturnRequestRow | undefined> {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
  return row;
}

/** Changes the status only if it is still `from`; undefined when someone else moved it. */
export async function updateReturnStatus(
  tx: DbOrTx,
  id: string,
  from: ReturnStatus,
  to: ReturnStatus,
  at: Date,
  facts: { adminNote?: string | null; refundPaise?: number; refundId?: string | null },
): Promise<ReturnRequestRow | undefined> {
  const [row] = await tx
    .update(returnRequests)
    .set({ status: to, updatedAt: at, ...facts })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, from)))
    .returning();
  return row;
}

export async function insertReturnHistory(tx: DbOrTx, row: NewHistory): Promise<void> {
  await tx.insert(returnStatusHistory).values(row);
}

export async function findReturnItems(tx: DbOrTx, requestId: string): Promise<ReturnItemRow[]> {
  return tx
    .select()
    .from(returnRequestItems)
    .where(eq(returnRequestItems.returnRequestId, requestId))
    .orderBy(asc(returnRequestItems.id));
}

export async function setReturnItemRefund(tx: DbOrTx, itemId: string, refundPaise: number): Promise<void> {
  await tx.update(returnRequestItems).set({ refundPaise }).where(eq(returnRequestItems.id, itemId));
}

/** The order's lines, in id order (every reader sees them in the same order). */
export async function findOrderLines(db: DbOrTx, orderId: string) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/** Units of each line of the order in return requests, rejected ones aside (or only refunded ones). */
export async function returnUnitsByLine(
  db: DbOrTx,
  orderId: string,
  which: 'asked' | 'refunded',
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      orderItemId: returnRequestItems.orderItemId,
      units: sql<number>`sum(${returnRequestItems.quantity})::int`,
    })
    .from(returnRequestItems)
    .innerJoin(returnRequests, eq(returnRequests.id, returnRequestItems.returnRequestId))
    .where(
      and(
        eq(returnRequests.orderId, orderId),
        which === 'asked' ? ne(returnRequests.status, 'rejected') : eq(returnRequests.status, 'refunded'),
      ),
    )
    .groupBy(returnRequestItems.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, r.units]));
}

export async function insertCancellations(tx: DbOrTx, rows: readonly NewCancellation[]): Promise<void> {
  if (rows.length > 0) await tx.insert(orderItemCancellations).values([...rows]);
}

async function hydrate(db: DbOrTx, rows: readonly ReturnRequestRow[]): Promise<ReturnRequestFull[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, history, orderRows, refundRows] = await Promise.all([
    db
      .select({
        item: returnRequestItems,
        name: orderItems.name,
        colour: orderItems.colour,
        size: orderItems.size,
      })
      .from(returnRequestItems)
      .innerJoin(orderItems, eq(orderItems.id, returnRequestItems.orderItemId))
      .where(inArray(returnRequestItems.returnRequestId, ids))
      .orderBy(asc(orderItems.id)),
    db
      .select()
      .from(returnStatusHistory)
      .where(inArray(returnStatusHistory.returnRequestId, ids))
      .orderBy(asc(returnStatusHistory.createdAt), asc(returnStatusHistory.id)),
    db
      .select({ id: orders.id, name: orders.name, email: orders.email })
      .from(orders)
      .where(inArray(orders.id, [...new Set(rows.map((r) => r.orderId))])),
    db
      .select({ id: refunds.id, status: refunds.status })
      .from(refunds)
      .where(
        inArray(
          refunds.id,
          rows
            .flatMap((r) => (r.refundId ? [r.refundId] : []))
            .concat(['00000000-0000-0000-0000-000000000000']),
        ),
      ),
  ]);
  const orderOf = new Map(orderRows.map((o) => [o.id, o]));
  const refundOf = new Map(refundRows.map((r) => [r.id, r.status]));
  return rows.map((request) => ({
    request,
    orderName: orderOf.get(request.orderId)?.name ?? '',
    orderEmail: orderOf.get(request.orderId)?.email ?? '',
    refundStatus: request.refundId ? (refundOf.get(request.refundId) ?? null) : null,
    items: items
      .filter((i) => i.item.returnRequestId === request.id)
      .map((i) => ({ ...i.item, name: i.name, colour: i.colour, size: i.size })),
    history: history
      .filter((h) => h.returnRequestId === request.id)
      .map((h) => ({ toStatus: h.toStatus, createdAt: h.createdAt, note: h.note })),
  }));
}

export interface ReturnsWhere {
  userId?: string;
  orderId?: string;
  status?: ReturnStatus | undefined;
  id?: string;
}

const returnsWhere = (where: ReturnsWhere) =>
  and(
    ...[
      where.userId ? eq(returnRequests.userId, where.userId) : undefined,
      where.orderId ? eq(returnRequests.orderId, where.orderId) : undefined,
      where.status ? eq(returnRequests.status, where.status) : undefined,
      where.id ? eq(returnRequests.id, where.id) : undefined,
    ].filter((c) => c !== undefined),
  );

export async function findFullReturns(
  db: DbOrTx,
  where: ReturnsWhere,
  limit = 200,
  offset = 0,
): Promise<ReturnRequestFull[]> {
  const rows = await db
    .select()
    .from(returnRequests)
    .where(returnsWhere(where))
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
    .limit(limit)
    .offset(offset);
  return hydrate(db, rows);
}

/** How many return requests match (the all-returns list's pages). */
export async function countReturns(db: DbOrTx, where: ReturnsWhere): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(returnRequests)
    .where(returnsWhere(where));
  return Number(row?.n ?? 0);
}

/** Attaches the shopper's photo while the request is still requested and has none; false otherwise. */
export async function setReturnPhoto(db: DbOrTx, id: string, photoKey: string): Promise<boolean> {
  const rows = await db
    .update(returnRequests)
    .set({ photoKey })
    .where(
      and(
        eq(returnRequests.id, id),
        eq(returnRequests.status, 'requested'),
        sql`${returnRequests.photoKey} is null`,
      ),
    )
    .returning({ id: returnRequests.id });
  return rows.length === 1;
}

/** The (from, to) pairs the database allows: the trigger's table. */
export function findReturnTransitionPairs(db: DbOrTx) {
  return db.select().from(returnStatusTransitions);
}
