/**
 * Credit notes: what a refund takes back from an invoice, line by line, with each line's taxes reversed
 * in proportion (decision 161). Every credit note line is whole paise with taxable value + taxes = its
 * total and CGST = SGST; credit notes together never take more than the invoice's line (units, value or
 * any tax), and crediting all that is left of a line reverses it exactly.
 *
 * A refund is either units of goods lines (and the shipping line, whole) or an amount, shared over what
 * is left of every line in proportion (largest remainder). `previous` is every line of the invoice's
 * earlier credit notes, as this function made them.
 */
import { formatINR, paiseToRupees } from '../money';
import { apportion, mulDivRound } from './arithmetic';
import type { InvoiceLine, Supply, TaxTotals } from './price-order';

export interface CreditNoteLine {
  /** Position of the credited line in the invoice's lines. */
  line: number;
  kind: 'goods' | 'shipping';
  description: string;
  hsn: string;
  /** Units credited; 0 when the refund was an amount (value only). */
  quantity: number;
  unitPricePaise: number;
  rateBp: number;
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  totalPaise: number;
}

export interface CreditableInvoice {
  supply: Supply;
  lines: readonly InvoiceLine[];
}

export type RefundRequest =
  | {
      by: 'quantity';
      /** Units of goods lines, by their position in the invoice's lines. */
      items: readonly { line: number; quantity: number }[];
      /** Also credit what is left of the shipping line. */
      shipping?: boolean;
    }
  | { by: 'amount'; amountPaise: number };

export interface CreditNote {
  lines: CreditNoteLine[];
  totals: TaxTotals;
}

export type CreditNoteErrorCode = 'nothing' | 'line' | 'quantity' | 'amount' | 'indivisible' | 'previous';

/** A refund the invoice cannot take; `message` is written for the person who asked for it. */
export class CreditNoteError extends Error {
  constructor(
    readonly code: CreditNoteErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CreditNoteError';
  }
}

const rupees = (paise: number) => formatINR(paiseToRupees(paise));

interface LineState {
  index: number;
  invoice: InvoiceLine;
  /** Units, value and tax already credited. */
  units: number;
  credited: number;
  creditedTax: number;
  /** Value and tax left to credit, and the value left that is not tax. */
  left: number;
  taxLeft: number;
  taxableLeft: number;
  /** GST taxes move in pairs of paise (CGST = SGST); flat tax by the paisa. */
  even: boolean;
}

function statesOf(invoice: CreditableInvoice, previous: readonly CreditNoteLine[]): LineState[] {
  const even = invoice.supply !== 'flat';
  return invoice.lines.map((line, index) => {
    let units = 0;
    let credited = 0;
    let creditedTax = 0;
    for (const p of previous) {
      if (p.line !== index) continue;
      units += p.quantity;
      credited += p.totalPaise;
      creditedTax += p.taxPaise;
    }
    const left = line.totalPaise - credited;
    const taxLeft = line.taxPaise - creditedTax;
    const taxableLeft = left - taxLeft;
    if (units > line.quantity || left < 0 || taxLeft < 0 || taxableLeft < 0) {
      throw new CreditNoteError(
        'previous',
        `The earlier credit notes take more than line ${index + 1} invoiced`,
      );
    }
    return { index, invoice: line, units, credited, creditedTax, left, taxLeft, taxableLeft, even };
  });
}

/**
 * The tax to credit with `amount` of a line's value: the proportional figure, kept within what leaves
 * neither the tax nor the taxable value overdrawn, even for GST. Null when no such figure exists (only
 * GST, when the line has no taxable value left and the amount is an odd number of paise).
 */
function taxFor(s: LineState, amount: number): number | null {
  if (amount === 0) return 0;
  if (amount === s.left) return s.taxLeft;
  const lo = Math.max(0, amount - s.taxableLeft);
  const hi = Math.min(s.taxLeft, amount);
  const total = s.invoice.totalPaise;
  const target = s.even
    ? 2 * mulDivRound(s.invoice.taxPaise / 2, s.credited + amount, total) - s.creditedTax
    : mulDivRound(s.invoice.taxPaise, s.credited + amount, total) - s.creditedTax;
  const tax = Math.min(hi, Math.max(lo, target));
  if (!s.even || tax % 2 === 0) return tax;
  for (const candidate of [tax + 1, tax - 1]) if (candidate >= lo && candidate <= hi) return candidate;
  return null;
}

function creditLine(
  s: LineState,
  supply: Supply,
  quantity: number,
  amount: number,
  tax: number,
): CreditNoteLine {
  const l = s.invoice;
  return {
    line: s.index,
    kind: l.kind,
    description: l.description,
    hsn: l.hsn,
    quantity,
    unitPricePaise: l.unitPricePaise,
    rateBp: l.rateBp,
    taxableValuePaise: amount - tax,
    cgstPaise: supply === 'intra' ? tax / 2 : 0,
    sgstPaise: supply === 'intra' ? tax / 2 : 0,
    igstPaise: supply === 'inter' ? tax : 0,
    taxPaise: tax,
    totalPaise: amount,
  };
}

function byUnits(
  states: LineState[],
  items: readonly { line: number; quantity: number }[],
  shipping: boolean,
): { state: LineState; quantity: number; amount: number }[] {
  const units = new Map<number, number>();
  for (const item of items) {
    const s = states[item.line];
    if (s?.invoice.kind !== 'goods') {
      throw new CreditNoteError('line', `The invoice has no goods line ${item.line + 1}`);
    }
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 0) {
      throw new CreditNoteError('quantity', 'Refund a whole number of units');
    }
    units.set(item.line, (units.get(item.line) ?? 0) + item.quantity);
  }
  const parts: { state: LineState; quantity: number; amount: number }[] = [];
  for (const s of states) {
    const quantity = units.get(s.index) ?? 0;
    if (s.invoice.kind === 'shipping') {
      const unitsLeft = s.invoice.quantity - s.units;
      if (shipping && (s.left > 0 || unitsLeft > 0))
        parts.push({ state: s, quantity: unitsLeft, amount: s.left });
      continue;
    }
    if (quantity === 0) continue;
    const unitsLeft = s.invoice.quantity - s.units;
    if (quantity > unitsLeft) {
      throw new CreditNoteError(
        'quantity',
        `Only ${unitsLeft} of ${s.invoice.description} can still be refunded (${quantity} asked)`,
      );
    }
    const q = s.invoice.quantity;
    const t = s.invoice.totalPaise;
    // The units' share of the line's value; the last unit takes whatever is left of it.
    const share =
      s.units + quantity === q ? s.left : mulDivRound(t, s.units + quantity, q) - mulDivRound(t, s.units, q);
    let amount = Math.min(s.left, Math.max(0, share));
    if (taxFor(s, amount) === null) {
      // Only tax is left and it goes in pairs (see taxFor): a paisa less or more, whichever keeps the
      // units credited so far closer to their share of the line (the lesser on a tie).
      const target = mulDivRound(t, s.units + quantity, q);
      const fits = [amount - 1, amount + 1].filter((a) => a >= 0 && a <= s.left && taxFor(s, a) !== null);
      fits.sort((a, b) => Math.abs(s.credited + a - target) - Math.abs(s.credited + b - target) || a - b);
      amount = fits[0]!;
    }
    parts.push({ state: s, quantity, amount });
  }
  return parts;
}

function byAmount(
  states: LineState[],
  amountPaise: number,
): { state: LineState; quantity: number; amount: number }[] {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) {
    throw new CreditNoteError('amount', 'Refund an amount of at least ₹0.01');
  }
  const left = states.reduce((a, s) => a + s.left, 0);
  if (amountPaise > left) {
    throw new CreditNoteError('amount', `At most ${rupees(left)} is left to refund on this invoice`);
  }
  const amounts = apportion(
    amountPaise,
    states.map((s) => s.left),
  );
  const fits = (i: number, amount: number) =>
    amount >= 0 && amount <= states[i]!.left && taxFor(states[i]!, amount) !== null;
  // A line that cannot take its odd paisa passes it to one that can (or takes one from it).
  for (let i = 0; i < states.length; i++) {
    if (fits(i, amounts[i]!)) continue;
    const taker = amounts.findIndex((a, j) => j !== i && fits(j, a + 1));
    if (taker >= 0) {
      amounts[i]! -= 1;
      amounts[taker]! += 1;
      continue;
    }
    const giver = amounts.findIndex((a, j) => j !== i && fits(j, a - 1));
    if (giver < 0) {
      throw new CreditNoteError(
        'indivisible',
        `${rupees(amountPaise)} cannot be credited with equal CGST and SGST; refund a paisa more or less`,
      );
    }
    amounts[i]! += 1;
    amounts[giver]! -= 1;
  }
  return states.map((state, i) => ({ state, quantity: 0, amount: amounts[i]! }));
}

/** The credit note for a refund of an invoice that earlier credit notes (`previous`) already reduced. */
export function creditNote(
  invoice: CreditableInvoice,
  previous: readonly CreditNoteLine[],
  request: RefundRequest,
): CreditNote {
  const states = statesOf(invoice, previous);
  const parts =
    request.by === 'amount'
      ? byAmount(states, request.amountPaise)
      : byUnits(states, request.items, request.shipping ?? false);
  const lines: CreditNoteLine[] = [];
  for (const { state, quantity, amount } of parts) {
    if (quantity === 0 && amount === 0) continue;
    const tax = taxFor(state, amount);
    if (tax === null) throw new Error('unreachable: a credited amount always has a tax split');
    lines.push(creditLine(state, invoice.supply, quantity, amount, tax));
  }
  if (lines.length === 0)
    throw new CreditNoteError('nothing', 'Nothing is left to refund for what was chosen');
  return { lines, totals: sumCredit(lines) };
}

function sumCredit(lines: readonly CreditNoteLine[]): TaxTotals {
  const t: TaxTotals = {
    taxableValuePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    taxPaise: 0,
    totalPaise: 0,
  };
  for (const l of lines) {
    t.taxableValuePaise += l.taxableValuePaise;
    t.cgstPaise += l.cgstPaise;
    t.sgstPaise += l.sgstPaise;
    t.igstPaise += l.igstPaise;
    t.taxPaise += l.taxPaise;
    t.totalPaise += l.totalPaise;
  }
  return t;
}

export interface RefundableLine {
  line: number;
  kind: 'goods' | 'shipping';
  /** Units not yet credited. */
  quantity: number;
  totalPaise: number;
}

/** What is left to refund on an invoice after its credit notes: per line and in all. */
export function refundable(
  invoice: CreditableInvoice,
  previous: readonly CreditNoteLine[],
): { totalPaise: number; lines: RefundableLine[] } {
  const lines = statesOf(invoice, previous).map((s) => ({
    line: s.index,
    kind: s.invoice.kind,
    quantity: s.invoice.quantity - s.units,
    totalPaise: s.left,
  }));
  return { totalPaise: lines.reduce((a, l) => a + l.totalPaise, 0), lines };
}
