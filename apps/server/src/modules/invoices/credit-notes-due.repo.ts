import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refunds } from '../../db/schema/after-sale';
import { creditNotes, creditNotesDue, invoices } from '../../db/schema/invoices';

/** Marks a processed refund's credit note as owed, in the refund's transaction (once per refund). */
export async function insertCreditNoteDue(tx: DbOrTx, refundId: string, at: Date): Promise<void> {
  await tx.insert(creditNotesDue).values({ refundId, dueAt: at }).onConflictDoNothing();
}

export async function hasInvoiceFor(tx: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId));
  return row !== undefined;
}

/**
 * The refund's due marker, locked (SKIP LOCKED: another process issuing it now is left alone), with
 * what the credit note needs of the refund. Undefined when none is due or another process holds it.
 */
export async function claimCreditNoteDue(tx: DbOrTx, refundId: string) {
  const [row] = await tx
    .select({
      refundId: creditNotesDue.refundId,
      orderId: refunds.orderId,
      amountPaise: refunds.amountPaise,
      reason: refunds.reason,
    })
    .from(creditNotesDue)
    .innerJoin(refunds, eq(refunds.id, creditNotesDue.refundId))
    .where(eq(creditNotesDue.refundId, refundId))
    .for('update', { of: creditNotesDue, skipLocked: true });
  return row;
}

export async function creditNoteOfRefund(tx: DbOrTx, refundId: string) {
  const [row] = await tx
    .select({ id: creditNotes.id, number: creditNotes.number })
    .from(creditNotes)
    .where(eq(creditNotes.refundId, refundId));
  return row;
}

export async function deleteCreditNoteDue(tx: DbOrTx, refundId: string): Promise<void> {
  await tx.delete(creditNotesDue).where(eq(creditNotesDue.refundId, refundId));
}

/** A failed try: the next one waits longer (1, 2, 4 … minutes, at most an hour). */
export async function postponeCreditNoteDue(
  tx: DbOrTx,
  refundId: string,
  now: Date,
  error: string,
): Promise<void> {
  await tx
    .update(creditNotesDue)
    .set({
      attempts: sql`${creditNotesDue.attempts} + 1`,
      lastError: error.slice(0, 500),
      dueAt: sql`${now.toISOString()}::timestamptz + least(interval '1 hour', interval '1 minute' * power(2, ${creditNotesDue.attempts}))`,
    })
    .where(eq(creditNotesDue.refundId, refundId));
}

export async function findCreditNotesDue(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ refundId: creditNotesDue.refundId })
    .from(creditNotesDue)
    .where(and(lte(creditNotesDue.dueAt, now)))
    .orderBy(asc(creditNotesDue.dueAt))
    .limit(limit);
  return rows.map((r) => r.refundId);
}
