import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import {
  claimCreditNoteDue,
  creditNoteOfRefund,
  deleteCreditNoteDue,
  findCreditNotesDue,
  hasInvoiceFor,
  insertCreditNoteDue,
  postponeCreditNoteDue,
} from './credit-notes-due.repo';
import type { InvoicesService } from './invoices.service';

export interface CreditNotesDueDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  invoices: Pick<InvoicesService, 'issueCreditNote'>;
}

/** What this module needs of a processed refund. */
export interface ProcessedRefund {
  id: string;
  orderId: string;
}

/**
 * Every processed refund of an invoiced order gets exactly one credit note (decision 211): a due marker
 * is written in the refund's own transaction, and the credit note is issued from it, in one transaction
 * that takes the marker's lock (SKIP LOCKED), the invoice's and the series counter's, and deletes the
 * marker. Right after the refund commits this process tries at once; whatever that misses (a failure,
 * a process that died) the payments job issues on its next round. The credit note's unique `refund_id`
 * is the database's last word: never two for one refund.
 */
export class CreditNotesDue {
  constructor(private readonly deps: CreditNotesDueDeps) {}

  /** In the refund's processed transaction: the credit note is owed when the order has an invoice. */
  async mark(tx: DbOrTx, refund: ProcessedRefund): Promise<void> {
    if (!(await hasInvoiceFor(tx, refund.orderId))) return;
    await insertCreditNoteDue(tx, refund.id, this.deps.clock.now());
  }

  /**
   * Issues the refund's credit note if it is still due and no other process is issuing it. Returns its
   * number (or the one issued before), or null when nothing was due here. A failure postpones it.
   */
  async issueFor(refundId: string): Promise<string | null> {
    const { db, clock, log, invoices } = this.deps;
    try {
      return await inTransaction(db, async (tx) => {
        const due = await claimCreditNoteDue(tx, refundId);
        if (!due) return null;
        const before = await creditNoteOfRefund(tx, refundId);
        const number =
          before?.number ??
          (
            await invoices.issueCreditNote(
              due.orderId,
              { by: 'amount', amountPaise: due.amountPaise },
              due.reason,
              tx,
              refundId,
            )
          ).number;
        await deleteCreditNoteDue(tx, refundId);
        return number;
      });
    } catch (err) {
      log.error({ err, refundId }, 'a credit note could not be issued; the payments job retries it');
      await postponeCreditNoteDue(
        db,
        refundId,
        clock.now(),
        err instanceof Error ? err.message : String(err),
      );
      return null;
    }
  }

  /** A round of the payments job: every credit note due now. Returns how many were issued. */
  async issueDue(): Promise<number> {
    const due = await findCreditNotesDue(this.deps.db, this.deps.clock.now(), 50);
    let issued = 0;
    for (const refundId of due) if (await this.issueFor(refundId)) issued += 1;
    return issued;
  }
}
