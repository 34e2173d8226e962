import {
  CREDIT_NOTE_SERIES,
  CreditNoteError,
  type CreditNoteLine,
  creditNote,
  financialYearOf,
  formatDocumentNumber,
  INVOICE_SERIES,
  type OrderPricing,
  type RefundRequest,
} from '@bazaar/shared/gst';
import { paiseToRupees } from '@bazaar/shared/money';
import type { CreditNoteSummary } from '@bazaar/shared/schemas/credit-notes';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { type CreditNoteDocument, type InvoiceDocument, renderInvoicePdf } from '../../lib/invoice-pdf/index';
import type { SettingsService } from '../settings/index';
import { type InvoicedOrder, invoiceDocument, type ShopDetails } from './invoice-documents';
import {
  type CreditNoteRow,
  findCreditNotePdf,
  findCreditNotes,
  findCreditNotesOfOrder,
  findInvoiceOfOrder,
  findInvoiceWithOwner,
  findOrderOwner,
  type InvoiceRow,
  insertCreditNote,
  insertInvoice,
  keepInvoicePdf,
  lockInvoiceOfOrder,
  nextSequence,
} from './invoices.repo';

export interface InvoicesServiceDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  settings: Pick<SettingsService, 'invoiceDetails'>;
}

export interface IssuedCreditNote {
  id: string;
  number: string;
  invoiceNumber: string;
  totalPaise: number;
  lines: CreditNoteLine[];
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * Invoices and credit notes: numbered in the transaction that pays (or refunds) the order, from a counter
 * row per series and financial year; an invoice's PDF is rendered on its first download and kept, a
 * credit note's when it is issued; every later download sends the kept bytes.
 */
export class InvoicesService {
  constructor(private readonly deps: InvoicesServiceDeps) {}

  /**
   * The paid order's invoice, issued in `tx` (the settlement's or Mark as Paid's): the next number of
   * the year, the PDF rendered from the order's own pricing. Idempotent: an order keeps its first
   * invoice. Returns null for an order that cannot have one (invoice-documents.ts).
   */
  async issue(tx: DbOrTx, order: InvoicedOrder): Promise<InvoiceRow | null> {
    const existing = await findInvoiceOfOrder(tx, order.id);
    if (existing) return existing;
    const issuedAt = this.deps.clock.now();
    const year = financialYearOf(issuedAt);
    const shop = await this.shop(tx);
    // Checked before a number is taken, so an order without an invoice uses none up.
    if (!invoiceDocument(order, shop, formatDocumentNumber(INVOICE_SERIES, year, 1), issuedAt)) {
      this.deps.log.warn({ orderId: order.id }, 'paid order has no invoice: no pricing or no delivery state');
      return null;
    }
    const sequence = await nextSequence(tx, INVOICE_SERIES, year.startYear);
    const number = formatDocumentNumber(INVOICE_SERIES, year, sequence);
    const doc = invoiceDocument(order, shop, number, issuedAt)!;
    // No PDF yet: rendering here cost every paying shopper ~20 ms of CPU with the series' counter row
    // locked (decision 228). The first download renders it from this document (pdfOf).
    return insertInvoice(tx, {
      orderId: order.id,
      number,
      series: INVOICE_SERIES,
      yearStart: year.startYear,
      sequence,
      kind: doc.kind === 'tax-invoice' ? 'tax-invoice' : 'invoice',
      issuedAt,
      document: doc,
      pdf: null,
      totalPaise: order.pricing!.totals.totalPaise,
    });
  }

  /**
   * The invoice's PDF: the kept bytes, or on its first download rendered from the kept document and
   * kept. Two processes rendering one at once both send the bytes kept first.
   */
  private async pdfOf(row: InvoiceRow): Promise<Buffer> {
    if (row.pdf) return row.pdf;
    // The document went through JSON; its one date comes back from the row's own column.
    const doc = { ...(row.document as InvoiceDocument), issuedAt: row.issuedAt } as InvoiceDocument;
    return keepInvoicePdf(this.deps.db, row.id, await renderInvoicePdf(doc));
  }

  /** GET /orders/{id}/invoice: the shopper's own order's PDF, as it was issued. */
  async pdfForShopper(userId: string, orderId: string): Promise<{ number: string; pdf: Buffer }> {
    const found = isUuid(orderId) ? await findInvoiceWithOwner(this.deps.db, orderId) : undefined;
    if (!found || found.userId !== userId || found.deleted) {
      throw notFound('No invoice for this order yet: an order gets its invoice once it is paid.');
    }
    return { number: found.invoice.number, pdf: await this.pdfOf(found.invoice) };
  }

  /** Whether the order has an invoice (a refund of one that has none has nothing to credit). */
  async hasInvoice(orderId: string): Promise<boolean> {
    return isUuid(orderId) && (await findInvoiceOfOrder(this.deps.db, orderId)) !== undefined;
  }

  /** The admin's download from the order screen. */
  async pdfForAdmin(orderId: string): Promise<{ number: string; pdf: Buffer }> {
    const found = isUuid(orderId) ? await findInvoiceOfOrder(this.deps.db, orderId) : undefined;
    if (!found)
      throw notFound('This order has no invoice: it was never paid, or was placed before invoices.');
    return { number: found.number, pdf: await this.pdfOf(found) };
  }

  /**
   * A credit note against the order's invoice, in its own series: the refunded units (or an amount)
   * with each line's taxes reversed in proportion (shared gst/credit-note.ts), never more than the
   * invoice has left. Runs in `db`'s transaction when given one (the refund's), else its own.
   */
  async issueCreditNote(
    orderId: string,
    request: RefundRequest,
    reason: string,
    db: DbOrTx = this.deps.db,
    refundId: string | null = null,
  ): Promise<IssuedCreditNote> {
    if (!isUuid(orderId)) throw notFound('Order not found');
    return inTransaction(db, async (tx) => {
      const invoice = await lockInvoiceOfOrder(tx, orderId);
      if (!invoice) throw conflict('This order has no invoice to credit.');
      const invoiced = invoice.document as { pricing: OrderPricing; supplier: unknown; recipient: unknown };
      const previous = (await findCreditNotes(tx, invoice.id)).flatMap((n) => n.lines);
      let note: ReturnType<typeof creditNote>;
      try {
        note = creditNote(invoiced.pricing, previous, request);
      } catch (error) {
        if (error instanceof CreditNoteError) throw badRequest(error.message);
        throw error;
      }
      const issuedAt = this.deps.clock.now();
      const year = financialYearOf(issuedAt);
      const sequence = await nextSequence(tx, CREDIT_NOTE_SERIES, year.startYear);
      const number = formatDocumentNumber(CREDIT_NOTE_SERIES, year, sequence);
      const p = invoiced.pricing;
      const doc: CreditNoteDocument = {
        kind: 'credit-note',
        number,
        issuedAt,
        supplier: invoiced.supplier as CreditNoteDocument['supplier'],
        recipient: invoiced.recipient as CreditNoteDocument['recipient'],
        orderReference: (invoice.document as { orderReference: string }).orderReference,
        reverseCharge: false,
        mode: p.mode,
        supply: p.supply,
        stateTaxName: p.stateTaxName,
        placeOfSupplyStateCode: (invoiced.recipient as { stateCode: string }).stateCode,
        invoice: { number: invoice.number, issuedAt: invoice.issuedAt },
        reason,
        lines: note.lines,
        totals: note.totals,
      };
      const pdf = await renderInvoicePdf(doc);
      const row: CreditNoteRow = await insertCreditNote(tx, {
        invoiceId: invoice.id,
        number,
        series: CREDIT_NOTE_SERIES,
        yearStart: year.startYear,
        sequence,
        issuedAt,
        reason,
        lines: note.lines,
        document: doc,
        pdf,
        totalPaise: note.totals.totalPaise,
        refundId,
      });
      return {
        id: row.id,
        number,
        invoiceNumber: invoice.number,
        totalPaise: row.totalPaise,
        lines: note.lines,
      };
    });
  }

  /** The credit notes of the shopper's own order (404 for anyone else's), oldest first. */
  async creditNotesForShopper(userId: string, orderId: string): Promise<CreditNoteSummary[]> {
    await this.ownOrder(userId, orderId);
    return this.creditNotesForAdmin(orderId);
  }

  /** The order's credit notes as the order screens list them. */
  async creditNotesForAdmin(orderId: string): Promise<CreditNoteSummary[]> {
    if (!isUuid(orderId)) return [];
    const rows = await findCreditNotesOfOrder(this.deps.db, orderId);
    return rows.map((r) => ({
      _id: r.id,
      number: r.number,
      invoiceNumber: r.invoiceNumber,
      issuedAt: new Date(r.issuedAt).toISOString(),
      amount: paiseToRupees(r.totalPaise),
      reason: r.reason,
    }));
  }

  /** GET /orders/{id}/credit-notes/{creditNoteId}: the kept PDF of the shopper's own order's credit note. */
  async creditNotePdfForShopper(
    userId: string,
    orderId: string,
    creditNoteId: string,
  ): Promise<{ number: string; pdf: Buffer }> {
    await this.ownOrder(userId, orderId);
    return this.creditNotePdfForAdmin(orderId, creditNoteId);
  }

  async creditNotePdfForAdmin(
    orderId: string,
    creditNoteId: string,
  ): Promise<{ number: string; pdf: Buffer }> {
    const found = await findCreditNotePdf(this.deps.db, orderId, creditNoteId);
    if (!found) throw notFound('No such credit note for this order.');
    return found;
  }

  private async ownOrder(userId: string, orderId: string): Promise<void> {
    const owner = isUuid(orderId) ? await findOrderOwner(this.deps.db, orderId) : undefined;
    if (!owner || owner.userId !== userId || owner.deleted) throw notFound('Order not found');
  }

  private shop(db: DbOrTx): Promise<ShopDetails> {
    return this.deps.settings.invoiceDetails(db);
  }
}
