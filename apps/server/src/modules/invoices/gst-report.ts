import {
  type CreditNoteLine,
  formatRate,
  type Gstr1CreditNote,
  type Gstr1Invoice,
  type Gstr1Report,
  gstr1Date,
  gstr1Report,
  type OrderPricing,
  rupeesText,
} from '@bazaar/shared/gst';
import { stateName } from '@bazaar/shared/india';
import { stringify } from 'csv-stringify/sync';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Recipient } from '../../lib/invoice-pdf/index';
import type { Actor, AuditService } from '../audit/index';
import { creditNotesIssuedBetween, type InvoiceRow, invoicesIssuedBetween } from './invoices.repo';

export interface GstReportDeps {
  db: Db;
  audit: Pick<AuditService, 'record'>;
}

interface StoredInvoice {
  pricing: OrderPricing;
  recipient: Recipient;
}

/** A stored tax invoice as GSTR-1 reads it (plain invoices of the flat mode are no GST supply). */
function gstr1Invoice(row: InvoiceRow): Gstr1Invoice {
  const doc = row.document as StoredInvoice;
  return {
    number: row.number,
    issuedAt: new Date(row.issuedAt),
    buyerGstin: doc.recipient.business?.gstin ?? null,
    buyerName: doc.recipient.business?.legalName ?? null,
    placeOfSupply: doc.recipient.stateCode,
    interState: doc.pricing.supply === 'inter',
    totalPaise: row.totalPaise,
    lines: doc.pricing.lines,
  };
}

const pos = (code: string) => `${code}-${stateName(code)}`;
const rate = (bp: number) => formatRate(bp).replace('%', '');
const money = rupeesText;

/**
 * The period's GSTR-1 figures as one CSV: a section per table of the return (B2B, B2CL, B2CS, CDNR,
 * CDNUR, HSN), each a title row, the offline tool's column names (with each tax's amount added) and
 * its rows, then the totals. Rupees with two decimals, from the documents' integer paise.
 */
export function gstr1Csv(report: Gstr1Report, label: string): string {
  const rows: (string | number)[][] = [[`GSTR-1 figures for ${label}`], []];
  const section = (title: string, header: string[], body: (string | number)[][]) => {
    rows.push([title], header, ...body, []);
  };
  const taxes = (r: {
    taxableValuePaise: number;
    igstPaise: number;
    cgstPaise: number;
    sgstPaise: number;
  }) => [money(r.taxableValuePaise), money(r.igstPaise), money(r.cgstPaise), money(r.sgstPaise), money(0)];
  const taxHeader = [
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ];
  section(
    'B2B',
    [
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Reverse Charge',
      'Invoice Type',
      'Rate',
      ...taxHeader,
    ],
    report.b2b.map((r) => [
      r.gstin,
      r.receiverName,
      r.invoiceNumber,
      gstr1Date(r.invoiceDate),
      money(r.invoiceValuePaise),
      pos(r.placeOfSupply),
      'N',
      'Regular B2B',
      rate(r.rateBp),
      ...taxes(r),
    ]),
  );
  section(
    'B2CL',
    ['Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Rate', ...taxHeader],
    report.b2cl.map((r) => [
      r.invoiceNumber,
      gstr1Date(r.invoiceDate),
      money(r.invoiceValuePaise),
      pos(r.placeOfSupply),
      rate(r.rateBp),
      ...taxes(r),
    ]),
  );
  section(
    'B2CS',
    ['Type', 'Place Of Supply', 'Rate', ...taxHeader],
    report.b2cs.map((r) => ['OE', pos(r.placeOfSupply), rate(r.rateBp), ...taxes(r)]),
  );
  const noteHeader = [
    'Note Number',
    'Note Date',
    'Note Type',
    'Invoice Number',
    'Invoice date',
    'Place Of Supply',
    'Note Value',
    'Rate',
    ...taxHeader,
  ];
  const note = (r: Gstr1Report['cdnr'][number]) => [
    r.noteNumber,
    gstr1Date(r.noteDate),
    'C',
    r.invoiceNumber,
    gstr1Date(r.invoiceDate),
    pos(r.placeOfSupply),
    money(r.noteValuePaise),
    rate(r.rateBp),
    ...taxes(r),
  ];
  section(
    'CDNR',
    ['GSTIN/UIN of Recipient', 'Receiver Name', ...noteHeader],
    report.cdnr.map((r) => [r.gstin ?? '', r.receiverName, ...note(r)]),
  );
  section(
    'CDNUR',
    ['UR Type', ...noteHeader],
    report.cdnur.map((r) => ['B2CL', ...note(r)]),
  );
  section(
    'HSN',
    ['HSN', 'Description', 'UQC', 'Total Quantity', 'Total Value', 'Rate', ...taxHeader],
    report.hsn.map((r) => [
      r.hsn,
      r.description,
      'NOS-NUMBERS',
      r.quantity,
      money(r.totalValuePaise),
      rate(r.rateBp),
      ...taxes(r),
    ]),
  );
  const t = report.totals;
  section(
    'TOTALS',
    [
      'Documents',
      'Count',
      'Taxable Value',
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
      'Total Tax',
      'Total Value',
    ],
    [
      ['Invoices', t.invoiceCount, ...totalsOf(t.invoices)],
      ['Credit notes', t.creditNoteCount, ...totalsOf(t.creditNotes)],
      ['Net', '', ...totalsOf(t.net)],
    ],
  );
  // A spreadsheet reads a cell starting "=", "+", "-" or "@" as a formula: only numbers may start so.
  const safe = rows.map((row) =>
    row.map((cell) =>
      typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) && !/^-\d+\.\d\d$/.test(cell) ? `'${cell}` : cell,
    ),
  );
  return `\uFEFF${stringify(safe, { record_delimiter: 'windows' })}`;
}

function totalsOf(t: Gstr1Report['totals']['net']) {
  return [
    money(t.taxableValuePaise),
    money(t.igstPaise),
    money(t.cgstPaise),
    money(t.sgstPaise),
    money(t.taxPaise),
    money(t.totalPaise),
  ];
}

/** The admin's GSTR-1 export: the period's tax invoices and credit notes, summed as the return asks. */
export class GstReportService {
  constructor(private readonly deps: GstReportDeps) {}

  /** The figures of [starts, ends): tax invoices issued in it, and credit notes against them issued in it. */
  async figures(starts: Date, ends: Date, db: DbOrTx = this.deps.db): Promise<Gstr1Report> {
    const invoiceRows = (await invoicesIssuedBetween(db, starts, ends)).filter(
      (r) => r.kind === 'tax-invoice',
    );
    const notes: Gstr1CreditNote[] = (await creditNotesIssuedBetween(db, starts, ends))
      .filter(({ invoice }) => invoice.kind === 'tax-invoice')
      .map(({ note, invoice }) => ({
        number: note.number,
        issuedAt: new Date(note.issuedAt),
        totalPaise: note.totalPaise,
        invoice: gstr1Invoice(invoice),
        lines: note.lines as CreditNoteLine[],
      }));
    return gstr1Report(invoiceRows.map(gstr1Invoice), notes);
  }

  /** The CSV of a period, recorded in the audit log (it names buyers and their GSTINs). */
  async exportCsv(actor: Actor, period: { starts: Date; ends: Date; label: string }): Promise<string> {
    return inTransaction(this.deps.db, async (tx) => {
      const report = await this.figures(period.starts, period.ends, tx);
      await this.deps.audit.record(tx, actor, {
        action: 'order.gstr1-export',
        entityId: null,
        summary: `Exported GSTR-1 figures for ${period.label}: ${report.totals.invoiceCount} invoices, ${report.totals.creditNoteCount} credit notes`,
      });
      return gstr1Csv(report, period.label);
    });
  }
}
