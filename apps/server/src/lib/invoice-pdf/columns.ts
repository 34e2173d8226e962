/**
 * The line table's columns for each kind of document: what Rule 46 asks per line on a tax invoice
 * (description, HSN, quantity, unit price, discount, taxable value, each tax's rate and amount), fewer
 * on a plain invoice, and the credited figures on a credit note. Widths add up to the page's width.
 */
import type { CreditNoteLine, InvoiceLine, Supply } from '@bazaar/shared/gst';
import { formatHalfRate, formatRate } from '@bazaar/shared/gst';
import { amount } from './format';

export interface Column<Row> {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
  /** Wraps onto more lines (a description); every other cell stays on one line. */
  wraps?: boolean;
  cell: (row: Row, index: number) => string;
}

type Line = InvoiceLine | CreditNoteLine;

const number = <R>(): Column<R> => ({
  title: '#',
  width: 16,
  align: 'right',
  cell: (_r, i) => String(i + 1),
});
const description = <R extends Line>(width: number): Column<R> => ({
  title: 'Description',
  width,
  align: 'left',
  wraps: true,
  cell: (r) => r.description,
});
const hsn = <R extends Line>(): Column<R> => ({
  title: 'HSN',
  width: 38,
  align: 'left',
  cell: (r) => r.hsn || '—',
});
const quantity = <R extends Line>(): Column<R> => ({
  title: 'Qty',
  width: 24,
  align: 'right',
  cell: (r) => (r.quantity > 0 ? String(r.quantity) : '—'),
});
const money = <R>(title: string, width: number, paise: (r: R) => number): Column<R> => ({
  title,
  width,
  align: 'right',
  cell: (r) => amount(paise(r)),
});
const rate = <R extends Line>(title: string, width: number, half: boolean): Column<R> => ({
  title,
  width,
  align: 'right',
  cell: (r) => (half ? formatHalfRate(r.rateBp) : formatRate(r.rateBp)),
});

function taxColumns<R extends Line>(supply: Supply, stateTaxName: string): Column<R>[] {
  if (supply === 'intra') {
    return [
      rate('CGST %', 30, true),
      money('CGST', 44, (r) => r.cgstPaise),
      rate(`${stateTaxName} %`, 34, true),
      money(stateTaxName, 44, (r) => r.sgstPaise),
    ];
  }
  return [rate('IGST %', 32, false), money('IGST', 50, (r) => r.igstPaise)];
}

const used = (columns: readonly Column<unknown>[]) => columns.reduce((a, c) => a + c.width, 0);

/** Tax invoice (GST mode): the goods and the shipping line, taxes split by the supply. */
export function taxInvoiceColumns(
  supply: Supply,
  stateTaxName: string,
  pageWidth: number,
): Column<InvoiceLine>[] {
  const rest: Column<InvoiceLine>[] = [
    hsn(),
    quantity(),
    money('Unit price', 50, (r) => r.unitPricePaise),
    money('Discount', 46, (r) => r.productDiscountPaise + r.couponDiscountPaise),
    money('Taxable value', 54, (r) => r.taxableValuePaise),
    ...taxColumns<InvoiceLine>(supply, stateTaxName),
    money('Total', 52, (r) => r.totalPaise),
  ];
  const fixed = used([number(), ...rest] as Column<unknown>[]);
  return [number(), description(pageWidth - fixed), ...rest];
}

/** Plain invoice (flat mode): the goods at their prices; tax, coupon and shipping go below the table. */
export function plainInvoiceColumns(pageWidth: number): Column<InvoiceLine>[] {
  const rest: Column<InvoiceLine>[] = [
    quantity(),
    money('Unit price', 64, (r) => r.unitPricePaise),
    money('Discount', 60, (r) => r.productDiscountPaise),
    money('Amount', 70, (r) => r.unitPricePaise * r.quantity - r.productDiscountPaise),
  ];
  const fixed = used([number(), ...rest] as Column<unknown>[]);
  return [number(), description(pageWidth - fixed), ...rest];
}

/** Credit note: what each line gives back, its taxes reversed. */
export function creditNoteColumns(
  mode: 'gst' | 'flat',
  supply: Supply,
  stateTaxName: string,
  pageWidth: number,
): Column<CreditNoteLine>[] {
  const taxes: Column<CreditNoteLine>[] =
    mode === 'gst'
      ? taxColumns<CreditNoteLine>(supply, stateTaxName)
      : [rate('Tax %', 34, false), money('Tax', 54, (r) => r.taxPaise)];
  const rest: Column<CreditNoteLine>[] = [
    ...(mode === 'gst' ? [hsn<CreditNoteLine>()] : []),
    quantity(),
    money(mode === 'gst' ? 'Taxable value' : 'Amount', 60, (r) => r.taxableValuePaise),
    ...taxes,
    money('Total', 60, (r) => r.totalPaise),
  ];
  const fixed = used([number(), ...rest] as Column<unknown>[]);
  return [number(), description(pageWidth - fixed), ...rest];
}
