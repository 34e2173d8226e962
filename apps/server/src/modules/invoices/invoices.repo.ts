import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creditNotes, documentCounters, invoices } from '../../db/schema/invoices';
import { orders } from '../../db/schema/orders';

export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * The next number of a series in a financial year: one upsert of the counter row, which stays locked
 * until the caller's transaction ends. Two processes take turns on it; a rollback gives the number
 * back with everything else, so the numbers have no gaps and no repeats (decision 193).
 */
export async function nextSequence(tx: DbOrTx, series: string, yearStart: number): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, yearStart, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.yearStart],
      set: { lastSequence: sql`${documentCounters.lastSequence} + 1` },
    })
    .returning({ n: documentCounters.lastSequence });
  return row!.n;
}

export async function findInvoiceOfOrder(db: DbOrTx, orderId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row;
}

/** The invoice with whose order it is: the shopper's download checks the owner. */
export async function findInvoiceWithOwner(
  db: DbOrTx,
  orderId: string,
): Promise<{ invoice: InvoiceRow; userId: string | null; deleted: boolean } | undefined> {
  const [row] = await db
    .select({ invoice: invoices, userId: orders.userId, deletedAt: orders.shopperDeletedAt })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.orderId, orderId));
  return row && { invoice: row.invoice, userId: row.userId, deleted: row.deletedAt !== null };
}

/** Keeps a rendered PDF unless another process kept one first; returns the bytes kept. */
export async function keepInvoicePdf(db: DbOrTx, invoiceId: string, pdf: Buffer): Promise<Buffer> {
  const [kept] = await db
    .update(invoices)
    .set({ pdf })
    .where(and(eq(invoices.id, invoiceId), isNull(invoices.pdf)))
    .returning({ id: invoices.id });
  if (kept) return pdf;
  const [first] = await db.select({ pdf: invoices.pdf }).from(invoices).where(eq(invoices.id, invoiceId));
  return first?.pdf ?? pdf;
}

export async function insertInvoice(tx: DbOrTx, row: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [inserted] = await tx.insert(invoices).values(row).returning();
  return inserted!;
}

/** The invoice's row locked: credit notes against one invoice take turns. */
export async function lockInvoiceOfOrder(tx: DbOrTx, orderId: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId)).for('update');
  return row;
}

export function findCreditNotes(db: DbOrTx, invoiceId: string): Promise<CreditNoteRow[]> {
  return db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId))
    .orderBy(asc(creditNotes.sequence));
}

export async function insertCreditNote(
  tx: DbOrTx,
  row: typeof creditNotes.$inferInsert,
): Promise<CreditNoteRow> {
  const [inserted] = await tx.insert(creditNotes).values(row).returning();
  return inserted!;
}

/** Invoices and credit notes issued in [from, to), in number order: the month's GST report. */
export function invoicesIssuedBetween(db: DbOrTx, from: Date, to: Date): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(asc(invoices.yearStart), asc(invoices.sequence));
}

export function creditNotesIssuedBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({ note: creditNotes, invoice: invoices })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(gte(creditNotes.issuedAt, from), lt(creditNotes.issuedAt, to)))
    .orderBy(asc(creditNotes.yearStart), asc(creditNotes.sequence));
}

/** The order's credit notes (oldest first) with whose order it is: the shopper's list checks the owner. */
export function findCreditNotesOfOrder(db: DbOrTx, orderId: string) {
  return db
    .select({
      id: creditNotes.id,
      number: creditNotes.number,
      invoiceNumber: invoices.number,
      issuedAt: creditNotes.issuedAt,
      totalPaise: creditNotes.totalPaise,
      reason: creditNotes.reason,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(creditNotes.yearStart), asc(creditNotes.sequence));
}

/** One credit note's PDF, found through its order (never by its id alone). */
export async function findCreditNotePdf(
  db: DbOrTx,
  orderId: string,
  creditNoteId: string,
): Promise<{ number: string; pdf: Buffer } | undefined> {
  const [row] = await db
    .select({ number: creditNotes.number, pdf: creditNotes.pdf })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(eq(invoices.orderId, orderId), eq(creditNotes.id, creditNoteId)));
  return row;
}

/** Whose order it is (null: a guest's), and whether the shopper deleted it from their list. */
export async function findOrderOwner(
  db: DbOrTx,
  orderId: string,
): Promise<{ userId: string | null; deleted: boolean } | undefined> {
  const [row] = await db
    .select({ userId: orders.userId, deletedAt: orders.shopperDeletedAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row && { userId: row.userId, deleted: row.deletedAt !== null };
}
