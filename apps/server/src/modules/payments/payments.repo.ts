import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PaymentStatus, payments } from '../../db/schema/orders';
import { paymentEvents } from '../../db/schema/payments';
import { afterCommit } from '../../db/transaction';
import { type PaymentOutcome, paymentOutcomes } from '../../lib/metrics';

export type PaymentRow = typeof payments.$inferSelect;

/** Statuses from which a payment attempt may still succeed or fail. */
const OPEN: PaymentStatus[] = ['created', 'failed'];

export async function insertPayment(
  db: DbOrTx,
  payment: {
    orderId: string;
    provider: string;
    providerOrderId: string;
    amountPaise: number;
    createdAt: Date;
    nextCheckAt: Date | null;
  },
): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(payment).returning();
  return row!;
}

/** The order's latest provider order at this provider. */
export async function findPaymentOfOrder(
  db: DbOrTx,
  orderId: string,
  provider: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, provider)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row;
}

/** The order's provider orders at this provider that nothing has paid yet (created, or only failed attempts). */
export function findOpenPaymentsOfOrder(
  db: DbOrTx,
  orderId: string,
  provider: string,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(eq(payments.orderId, orderId), eq(payments.provider, provider), inArray(payments.status, OPEN)),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/**
 * Up to `limit` open provider orders at this provider whose check is due by `now`, locked; rows
 * another process holds are skipped, so processes checking at once each take different ones.
 */
export function lockDueChecks(db: DbOrTx, provider: string, now: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        inArray(payments.status, OPEN),
        isNotNull(payments.nextCheckAt),
        lte(payments.nextCheckAt, now),
      ),
    )
    .orderBy(asc(payments.nextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function setNextCheck(db: DbOrTx, id: string, at: Date | null): Promise<void> {
  await db.update(payments).set({ nextCheckAt: at }).where(eq(payments.id, id));
}

const ofProviderOrder = (db: DbOrTx, provider: string, providerOrderId: string) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerOrderId, providerOrderId)));

/** The payment row of a provider order, as it is now (not locked). */
export async function findPaymentByProviderOrder(
  db: DbOrTx,
  provider: string,
  providerOrderId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await ofProviderOrder(db, provider, providerOrderId);
  return row;
}

/** The payment row of a provider order, locked until the transaction ends. */
export async function lockPaymentByProviderOrder(
  db: DbOrTx,
  provider: string,
  providerOrderId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await ofProviderOrder(db, provider, providerOrderId).for('update');
  return row;
}

/** Records the captured payment, unless one was recorded already. */
export async function markCaptured(
  db: DbOrTx,
  id: string,
  captured: {
    providerPaymentId: string;
    amountPaise: number;
    method: string | null;
    email: string | null;
    raw: unknown;
  },
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'captured', errorDescription: null, ...captured })
    .where(and(eq(payments.id, id), inArray(payments.status, OPEN)))
    .returning({ id: payments.id });
  return counted(db, rows.length, 'captured');
}

/** Records a failed attempt; a captured or refunded payment stays as it is (events come out of order). */
export async function markFailed(
  db: DbOrTx,
  id: string,
  failed: { providerPaymentId: string; errorDescription: string | null; raw: unknown },
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'failed', ...failed })
    .where(and(eq(payments.id, id), inArray(payments.status, OPEN)))
    .returning({ id: payments.id });
  return counted(db, rows.length, 'failed');
}

export async function markRefundDue(db: DbOrTx, id: string): Promise<void> {
  const rows = await db
    .update(payments)
    .set({ status: 'refund_due' })
    .where(and(eq(payments.id, id), eq(payments.status, 'captured')))
    .returning({ id: payments.id });
  counted(db, rows.length, 'refund_due');
}

/** The payment's money is owed back through its refund in the refunds table (its provider id once known). */
export async function markRefunded(db: DbOrTx, id: string, providerRefundId: string | null): Promise<void> {
  const rows = await db
    .update(payments)
    .set({ status: 'refunded', providerRefundId })
    .where(and(eq(payments.id, id), eq(payments.status, 'refund_due')))
    .returning({ id: payments.id });
  counted(db, rows.length, 'refunded');
}

/** Whether the payment moved (one row changed); a move is counted for the metrics once it commits. */
function counted(db: DbOrTx, changed: number, outcome: PaymentOutcome): boolean {
  if (changed === 1) afterCommit(db, () => paymentOutcomes.inc({ outcome }));
  return changed === 1;
}

/**
 * Claims one payment whose money is owed back: one no process has started, or whose refund was
 * started longer than `staleMs` ago (that process died). The claim is one conditional update, so
 * two processes never refund the same payment at once; the provider call happens after it, outside
 * any transaction.
 */
export async function claimRefundDue(
  db: DbOrTx,
  now: Date,
  staleMs: number,
): Promise<PaymentRow | undefined> {
  const candidate = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'refund_due'),
        or(isNull(payments.refundClaimedAt), lt(payments.refundClaimedAt, new Date(now.getTime() - staleMs))),
      ),
    )
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(payments)
    .set({ refundClaimedAt: now })
    .where(sql`${payments.id} = (${candidate})`)
    .returning();
  return row;
}

/** Lets the next round try a refund the provider refused this time. */
export async function releaseRefundClaim(db: DbOrTx, id: string): Promise<void> {
  await db.update(payments).set({ refundClaimedAt: null }).where(eq(payments.id, id));
}

/** Remembers a webhook event; false when its id was seen before (a redelivery). */
export async function insertPaymentEvent(
  db: DbOrTx,
  event: typeof paymentEvents.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return rows.length === 1;
}

export async function setEventOutcome(db: DbOrTx, eventId: string, outcome: string): Promise<void> {
  await db.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.eventId, eventId));
}
