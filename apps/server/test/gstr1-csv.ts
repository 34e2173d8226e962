import type { CreditNoteLine, OrderPricing } from '@bazaar/shared/gst';
import { parse } from 'csv-parse/sync';
import type { DbOrTx } from '../src/db/client';
import { creditNotes, invoices } from '../src/db/schema/invoices';

export const GSTR1_SECTIONS = ['B2B', 'B2CL', 'B2CS', 'CDNR', 'CDNUR', 'HSN', 'TOTALS'] as const;
export type Gstr1CsvSection = (typeof GSTR1_SECTIONS)[number];

/** The GSTR-1 CSV's sections, each a list of rows keyed by its header. */
export function parseGstr1Csv(csv: string): Record<Gstr1CsvSection, Record<string, string>[]> {
  const rows = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  const out = Object.fromEntries(GSTR1_SECTIONS.map((s) => [s, []])) as unknown as Record<
    Gstr1CsvSection,
    Record<string, string>[]
  >;
  for (let i = 0; i < rows.length; i++) {
    const title = rows[i]!;
    if (title.length !== 1 || !GSTR1_SECTIONS.includes(title[0] as Gstr1CsvSection)) continue;
    const header = rows[i + 1]!;
    for (let j = i + 2; j < rows.length && rows[j]!.some((c) => c !== ''); j++) {
      out[title[0] as Gstr1CsvSection].push(Object.fromEntries(header.map((h, k) => [h, rows[j]![k] ?? ''])));
    }
  }
  return out;
}

/** "1234.56" → 123456. */
export const paiseOf = (rupees: string | undefined): number => Math.round(Number(rupees ?? '0') * 100);

export interface TaxSums {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
}

/** A section's taxable value and taxes, in paise. */
export function sectionSums(rows: readonly Record<string, string>[]): TaxSums {
  const s = { taxable: 0, igst: 0, cgst: 0, sgst: 0 };
  for (const r of rows) {
    s.taxable += paiseOf(r['Taxable Value']);
    s.igst += paiseOf(r['Integrated Tax Amount']);
    s.cgst += paiseOf(r['Central Tax Amount']);
    s.sgst += paiseOf(r['State/UT Tax Amount']);
  }
  return s;
}

const lineSums = (lines: readonly (OrderPricing['lines'][number] | CreditNoteLine)[]): TaxSums => ({
  taxable: lines.reduce((a, l) => a + l.taxableValuePaise, 0),
  igst: lines.reduce((a, l) => a + l.igstPaise, 0),
  cgst: lines.reduce((a, l) => a + l.cgstPaise, 0),
  sgst: lines.reduce((a, l) => a + l.sgstPaise, 0),
});

/** The stored tax invoices' and credit notes' own sums, straight from their rows (all of them). */
export async function storedSums(
  db: DbOrTx,
): Promise<{ invoiced: TaxSums; credited: TaxSums; net: TaxSums }> {
  const inv = (await db.select().from(invoices)).filter((r) => r.kind === 'tax-invoice');
  const invoiced = lineSums(inv.flatMap((r) => (r.document as { pricing: OrderPricing }).pricing.lines));
  const taxInvoiceIds = new Set(inv.map((r) => r.id));
  const notes = (await db.select().from(creditNotes)).filter((n) => taxInvoiceIds.has(n.invoiceId));
  const credited = lineSums(notes.flatMap((n) => n.lines));
  return {
    invoiced,
    credited,
    net: {
      taxable: invoiced.taxable - credited.taxable,
      igst: invoiced.igst - credited.igst,
      cgst: invoiced.cgst - credited.cgst,
      sgst: invoiced.sgst - credited.sgst,
    },
  };
}

/** B2B + B2CL + B2CS − CDNR − CDNUR, as the CSV says. */
export function sectionsNet(report: Record<Gstr1CsvSection, Record<string, string>[]>): TaxSums {
  const plus = ['B2B', 'B2CL', 'B2CS'] as const;
  const minus = ['CDNR', 'CDNUR'] as const;
  const s = { taxable: 0, igst: 0, cgst: 0, sgst: 0 };
  for (const name of plus) {
    const x = sectionSums(report[name]);
    for (const k of Object.keys(s) as (keyof TaxSums)[]) s[k] += x[k];
  }
  for (const name of minus) {
    const x = sectionSums(report[name]);
    for (const k of Object.keys(s) as (keyof TaxSums)[]) s[k] -= x[k];
  }
  return s;
}
