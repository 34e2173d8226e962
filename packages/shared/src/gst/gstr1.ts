/**
 * The figures a GSTR-1 return is filed from, worked out of the period's tax invoices and credit notes
 * (decision 212), in integer paise:
 *
 * - B2B: every invoice to a buyer with a GSTIN, one row per invoice and rate.
 * - B2CL: inter-state invoices to consumers worth more than `B2CL_LIMIT_PAISE`, one row per invoice and rate.
 * - B2CS: every other consumer invoice, summed by place of supply and rate, net of the period's credit
 *   notes against such invoices (GSTR-1 reports those in B2CS itself, not as notes).
 * - CDNR: credit notes against B2B invoices; CDNUR: credit notes against B2CL invoices. One row per note
 *   and rate.
 * - HSN: every line (shipping under its principal line's HSN, decision 159), by HSN and rate, net of the
 *   period's credit notes; quantities count goods only.
 *
 * Whatever the grouping, B2B + B2CL + B2CS − CDNR − CDNUR = HSN = the invoices' lines less the credit
 * notes' lines, to the paisa: every line lands in exactly one row of each.
 */
import { SHOP_UTC_OFFSET_MINUTES } from '../constants';
import type { CreditNoteLine } from './credit-note';
import type { TaxTotals } from './price-order';

/**
 * An inter-state consumer invoice above this value is reported invoice by invoice (B2CL): ₹1,00,000
 * since August 2024 (Notification 12/2024–Central Tax; ₹2,50,000 before).
 */
export const B2CL_LIMIT_PAISE = 100_000_00;

/** What a line carries into the report (an invoice's line, or a credit note's). */
export interface Gstr1Line {
  kind: 'goods' | 'shipping';
  hsn: string;
  description: string;
  quantity: number;
  rateBp: number;
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  totalPaise: number;
}

export interface Gstr1Invoice {
  number: string;
  issuedAt: Date;
  /** The buyer's GSTIN (a B2B invoice), or null for a consumer. */
  buyerGstin: string | null;
  buyerName: string | null;
  /** The delivery state's GST code. */
  placeOfSupply: string;
  /** IGST (another state than the shop's) rather than CGST + SGST. */
  interState: boolean;
  /** The invoice's value: what the buyer paid, tax included. */
  totalPaise: number;
  lines: readonly Gstr1Line[];
}

export interface Gstr1CreditNote {
  number: string;
  issuedAt: Date;
  totalPaise: number;
  /** The invoice it credits (possibly of an earlier period). */
  invoice: Gstr1Invoice;
  lines: readonly (Gstr1Line | CreditNoteLine)[];
}

export type Gstr1Figures = Omit<TaxTotals, 'taxPaise' | 'totalPaise'>;

export interface Gstr1B2bRow extends Gstr1Figures {
  gstin: string;
  receiverName: string;
  invoiceNumber: string;
  invoiceDate: Date;
  invoiceValuePaise: number;
  placeOfSupply: string;
  rateBp: number;
}

export interface Gstr1B2clRow extends Gstr1Figures {
  invoiceNumber: string;
  invoiceDate: Date;
  invoiceValuePaise: number;
  placeOfSupply: string;
  rateBp: number;
}

export interface Gstr1B2csRow extends Gstr1Figures {
  placeOfSupply: string;
  rateBp: number;
}

export interface Gstr1NoteRow extends Gstr1Figures {
  /** The buyer's GSTIN (CDNR), or null (CDNUR, against a B2CL invoice). */
  gstin: string | null;
  receiverName: string;
  noteNumber: string;
  noteDate: Date;
  noteValuePaise: number;
  invoiceNumber: string;
  invoiceDate: Date;
  placeOfSupply: string;
  rateBp: number;
}

export interface Gstr1HsnRow extends Gstr1Figures {
  hsn: string;
  description: string;
  quantity: number;
  rateBp: number;
  /** Taxable value + taxes. */
  totalValuePaise: number;
}

export interface Gstr1Report {
  b2b: Gstr1B2bRow[];
  b2cl: Gstr1B2clRow[];
  b2cs: Gstr1B2csRow[];
  cdnr: Gstr1NoteRow[];
  cdnur: Gstr1NoteRow[];
  hsn: Gstr1HsnRow[];
  totals: {
    invoices: TaxTotals;
    creditNotes: TaxTotals;
    /** invoices − credit notes: what every section sums to. */
    net: TaxTotals;
    invoiceCount: number;
    creditNoteCount: number;
  };
}

const zero = (): TaxTotals => ({
  taxableValuePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  taxPaise: 0,
  totalPaise: 0,
});

function add<T extends Gstr1Figures>(into: T, line: Gstr1Figures, sign = 1): T {
  into.taxableValuePaise += sign * line.taxableValuePaise;
  into.cgstPaise += sign * line.cgstPaise;
  into.sgstPaise += sign * line.sgstPaise;
  into.igstPaise += sign * line.igstPaise;
  return into;
}

function addTotals(into: TaxTotals, line: Gstr1Line | CreditNoteLine, sign = 1): void {
  add(into, line, sign);
  into.taxPaise += sign * line.taxPaise;
  into.totalPaise += sign * line.totalPaise;
}

const figures = (): Gstr1Figures => ({ taxableValuePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });

/** Rows keyed by a string, in first-seen order, each started by `make`. */
function groups<T>(make: () => T) {
  const map = new Map<string, T>();
  return {
    get(key: string, init: () => Partial<T>): T {
      let row = map.get(key);
      if (!row) {
        row = { ...make(), ...init() } as T;
        map.set(key, row);
      }
      return row;
    },
    rows: () => [...map.values()],
  };
}

export type Gstr1Section = 'b2b' | 'b2cl' | 'b2cs';

/** Where an invoice goes: B2B with a GSTIN, B2CL inter-state above the limit, else B2CS. */
export function gstr1SectionOf(
  invoice: Pick<Gstr1Invoice, 'buyerGstin' | 'interState' | 'totalPaise'>,
): Gstr1Section {
  if (invoice.buyerGstin) return 'b2b';
  return invoice.interState && invoice.totalPaise > B2CL_LIMIT_PAISE ? 'b2cl' : 'b2cs';
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** GSTR-1's figures from the period's tax invoices and credit notes (each in number order). */
export function gstr1Report(
  invoices: readonly Gstr1Invoice[],
  notes: readonly Gstr1CreditNote[],
): Gstr1Report {
  const sectionOf = gstr1SectionOf;
  const b2b = groups<Gstr1B2bRow>(figures as () => Gstr1B2bRow);
  const b2cl = groups<Gstr1B2clRow>(figures as () => Gstr1B2clRow);
  const b2cs = groups<Gstr1B2csRow>(figures as () => Gstr1B2csRow);
  const cdnr = groups<Gstr1NoteRow>(figures as () => Gstr1NoteRow);
  const cdnur = groups<Gstr1NoteRow>(figures as () => Gstr1NoteRow);
  const hsn = groups<Gstr1HsnRow>(() => ({ ...figures(), quantity: 0, totalValuePaise: 0 }) as Gstr1HsnRow);
  const totals = { invoices: zero(), creditNotes: zero() };

  const hsnLine = (line: Gstr1Line | CreditNoteLine, sign: number) => {
    const row = hsn.get(`${line.hsn}|${line.rateBp}`, () => ({
      hsn: line.hsn,
      description: line.kind === 'goods' ? line.description : '',
      rateBp: line.rateBp,
    }));
    if (!row.description && line.kind === 'goods') row.description = line.description;
    add(row, line, sign);
    row.totalValuePaise += sign * line.totalPaise;
    if (line.kind === 'goods') row.quantity += sign * line.quantity;
  };

  for (const invoice of invoices) {
    const section = sectionOf(invoice);
    for (const line of invoice.lines) {
      addTotals(totals.invoices, line);
      hsnLine(line, 1);
      const key = `${invoice.number}|${line.rateBp}`;
      const base = {
        invoiceNumber: invoice.number,
        invoiceDate: invoice.issuedAt,
        invoiceValuePaise: invoice.totalPaise,
        placeOfSupply: invoice.placeOfSupply,
        rateBp: line.rateBp,
      };
      if (section === 'b2b') {
        add(
          b2b.get(key, () => ({
            ...base,
            gstin: invoice.buyerGstin!,
            receiverName: invoice.buyerName ?? '',
          })),
          line,
        );
      } else if (section === 'b2cl') {
        add(
          b2cl.get(key, () => base),
          line,
        );
      } else {
        add(
          b2cs.get(`${invoice.placeOfSupply}|${line.rateBp}`, () => ({
            placeOfSupply: invoice.placeOfSupply,
            rateBp: line.rateBp,
          })),
          line,
        );
      }
    }
  }

  for (const note of notes) {
    const section = sectionOf(note.invoice);
    for (const line of note.lines) {
      addTotals(totals.creditNotes, line);
      hsnLine(line, -1);
      if (section === 'b2cs') {
        add(
          b2cs.get(`${note.invoice.placeOfSupply}|${line.rateBp}`, () => ({
            placeOfSupply: note.invoice.placeOfSupply,
            rateBp: line.rateBp,
          })),
          line,
          -1,
        );
        continue;
      }
      const into = section === 'b2b' ? cdnr : cdnur;
      add(
        into.get(`${note.number}|${line.rateBp}`, () => ({
          gstin: section === 'b2b' ? note.invoice.buyerGstin : null,
          receiverName: note.invoice.buyerName ?? '',
          noteNumber: note.number,
          noteDate: note.issuedAt,
          noteValuePaise: note.totalPaise,
          invoiceNumber: note.invoice.number,
          invoiceDate: note.invoice.issuedAt,
          placeOfSupply: note.invoice.placeOfSupply,
          rateBp: line.rateBp,
        })),
        line,
      );
    }
  }

  const net = zero();
  for (const k of Object.keys(net) as (keyof TaxTotals)[]) {
    net[k] = totals.invoices[k] - totals.creditNotes[k];
  }
  return {
    b2b: b2b.rows(),
    b2cl: b2cl.rows(),
    b2cs: b2cs.rows().sort((a, b) => byText(a.placeOfSupply, b.placeOfSupply) || a.rateBp - b.rateBp),
    cdnr: cdnr.rows(),
    cdnur: cdnur.rows(),
    hsn: hsn.rows().sort((a, b) => byText(a.hsn, b.hsn) || a.rateBp - b.rateBp),
    totals: { ...totals, net, invoiceCount: invoices.length, creditNoteCount: notes.length },
  };
}

/** Paise as rupees with two decimals, exactly (no floating point): 123456 → "1234.56", -5 → "-0.05". */
export function rupeesText(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`${paise} is not a whole number of paise`);
  const abs = Math.abs(paise);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return paise < 0 ? `-${text}` : text;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date as GSTR-1's offline tool writes it, in India time: "05-Apr-2026". */
export function gstr1Date(at: Date): string {
  const local = new Date(at.getTime() + SHOP_UTC_OFFSET_MINUTES * 60_000);
  const day = String(local.getUTCDate()).padStart(2, '0');
  return `${day}-${MONTHS[local.getUTCMonth()]}-${local.getUTCFullYear()}`;
}

/** A calendar month in India time, [starts, ends): "2026-04" → 1 April 00:00 IST to 1 May 00:00 IST. */
export function gstr1Month(month: string): { starts: Date; ends: Date } {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) throw new RangeError(`A month is written YYYY-MM, not ${JSON.stringify(month)}`);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  const offset = SHOP_UTC_OFFSET_MINUTES * 60_000;
  return {
    starts: new Date(Date.UTC(year, index, 1) - offset),
    ends: new Date(Date.UTC(year, index + 1, 1) - offset),
  };
}

/** Days in India time, both ends included: "2026-04-01" … "2026-06-30" → [1 April 00:00, 1 July 00:00). */
export function gstr1Days(from: string, to: string): { starts: Date; ends: Date } {
  const day = (text: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    const at = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
    if (!match || new Date(at).toISOString().slice(0, 10) !== text) {
      throw new RangeError(`A day is written YYYY-MM-DD, not ${JSON.stringify(text)}`);
    }
    return at - SHOP_UTC_OFFSET_MINUTES * 60_000;
  };
  const starts = day(from);
  const ends = day(to) + 86_400_000;
  if (ends <= starts) throw new RangeError('The period ends before it starts');
  return { starts: new Date(starts), ends: new Date(ends) };
}
