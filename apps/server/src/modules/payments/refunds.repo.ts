import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type RefundStatus, refundStatusTransitions, refunds } from '../../db/schema/after-sale';
import { payments } from '../../db/schema/orders';

export type RefundRow = typeof refunds.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** The order's payment that took its money (online or by hand), locked: every refund of it queues here. */
export async function lockCapturedPayment(tx: DbOrTx, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      and(eq(payments.orderId, orderId), inArray(payments.status, ['captured', 'refund_due', 'refunded'])),
    )
    .orderBy(asc(payments.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** Paise of the payment's refunds that are done or under way (failed ones gave nothing back). */
export async function sumRefunded(db: DbOrTx, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ paise: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), ne(refunds.status, 'failed')));
  return Number(row?.paise ?? 0);
}

export async function insertRefund(
  tx: DbOrTx,
  row: typeof refunds.$inferInsert,
): Promise<RefundRow | undefined> {
  const [made] = await tx
    .insert(refunds)
    .values(row)
    .onConflictDoNothing({ target: refunds.idempotencyKey })
    .returning();
  return made;
}

export async function findRefundByKey(db: DbOrTx, key: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, key));
  return row;
}

export async function findRefund(db: DbOrTx, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

export async function lockRefundByProviderOrOurs(
  db: DbOrTx,
  providerRefundId: string,
  ourId: string | undefined,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(
      ourId && /^[0-9a-f-]{36}$/.test(ourId)
        ? or(eq(refunds.providerRefundId, providerRefundId), eq(refunds.id, ourId))
        : eq(refunds.providerRefundId, providerRefundId),
    )
    .limit(1)
    .for('update');
  return row;
}

export function findRefundsOfOrder(db: DbOrTx, orderId: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(desc(refunds.createdAt));
}

/** Claims a pending refund for one process to ask the provider (another may take it over when stale). */
export async function claimRefund(
  db: DbOrTx,
  id: string,
  now: Date,
  staleMs: number,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ claimedAt: now })
    .where(
      and(
        eq(refunds.id, id),
        eq(refunds.status, 'pending'),
        or(isNull(refunds.claimedAt), lt(refunds.claimedAt, new Date(now.getTime() - staleMs))),
      ),
    )
    .returning();
  return row;
}

/** Pending refunds not yet answered by the provider (no provider id) whose claim is free or stale. */
export function findRetryableRefunds(
  db: DbOrTx,
  now: Date,
  staleMs: number,
  limit: number,
): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNull(refunds.providerRefundId),
        or(isNull(refunds.claimedAt), lt(refunds.claimedAt, new Date(now.getTime() - staleMs))),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}

export async function setProviderRefund(db: DbOrTx, id: string, providerRefundId: string): Promise<void> {
  await db
    .update(refunds)
    .set({ providerRefundId })
    .where(and(eq(refunds.id, id), isNull(refunds.providerRefundId)));
}

/** Moves a refund on from `from` (none when someone else moved it): the row it became, or undefined. */
export async function moveRefund(
  db: DbOrTx,
  id: string,
  from: RefundStatus,
  to: RefundStatus,
  facts: { at: Date; error?: string | null; providerRefundId?: string },
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({
      status: to,
      ...(to === 'processed' ? { processedAt: facts.at } : {}),
      ...(facts.error !== undefined ? { error: facts.error } : {}),
      ...(facts.providerRefundId ? { providerRefundId: facts.providerRefundId } : {}),
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, from)))
    .returning();
  return row;
}

export function findAllowedRefundMoves(db: DbOrTx) {
  return db.select().from(refundStatusTransitions);
}
