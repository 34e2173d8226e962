import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STATE_CODES } from '../india/states';
import type { PricingSettings } from '../pricing';
import { creditNote } from './credit-note';
import {
  B2CL_LIMIT_PAISE,
  type Gstr1CreditNote,
  type Gstr1Figures,
  type Gstr1Invoice,
  gstr1Date,
  gstr1Days,
  gstr1Month,
  gstr1Report,
  rupeesText,
} from './gstr1';
import { priceOrder } from './price-order';

const settings: PricingSettings = {
  shippingFeePaise: 5000,
  freeShippingThresholdPaise: 200_000,
  taxPercent: 10,
};
const SHOP = '29';
const at = new Date('2026-05-10T06:00:00Z');

const sum = (rows: readonly Gstr1Figures[], sign = 1) =>
  rows.reduce(
    (s, r) => ({
      taxableValuePaise: s.taxableValuePaise + sign * r.taxableValuePaise,
      cgstPaise: s.cgstPaise + sign * r.cgstPaise,
      sgstPaise: s.sgstPaise + sign * r.sgstPaise,
      igstPaise: s.igstPaise + sign * r.igstPaise,
    }),
    { taxableValuePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 },
  );
const plus = (a: Gstr1Figures, b: Gstr1Figures): Gstr1Figures => ({
  taxableValuePaise: a.taxableValuePaise + b.taxableValuePaise,
  cgstPaise: a.cgstPaise + b.cgstPaise,
  sgstPaise: a.sgstPaise + b.sgstPaise,
  igstPaise: a.igstPaise + b.igstPaise,
});
const figuresOf = (t: Gstr1Figures): Gstr1Figures => ({
  taxableValuePaise: t.taxableValuePaise,
  cgstPaise: t.cgstPaise,
  sgstPaise: t.sgstPaise,
  igstPaise: t.igstPaise,
});

const lineArb = fc.record({
  unitPricePaise: fc.integer({ min: 100, max: 20_000_000 }),
  discount: fc.integer({ min: 0, max: 50 }),
  quantity: fc.integer({ min: 1, max: 5 }),
  gstRateBp: fc.constantFrom(0, 25, 300, 500, 1200, 1800, 2800, 4000),
  hsn: fc.constantFrom('6109', '9405', '610910', '85171300'),
  description: fc.constantFrom('Shirt', 'Lamp', 'Phone'),
});
const orderArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
  coupon: fc.integer({ min: 0, max: 40 }),
  state: fc.constantFrom(...STATE_CODES),
  gstin: fc.option(fc.constantFrom('27AAPFU0939F1ZV', '29AAGCB7383J1Z4'), { nil: null }),
  /** Thousandths of the invoice a refund takes back (0: none). */
  refund: fc.integer({ min: 0, max: 1000 }),
});

type OrderCase = Omit<typeof orderArb extends fc.Arbitrary<infer T> ? T : never, 'lines'> & {
  lines: {
    unitPricePaise: number;
    discount: number;
    quantity: number;
    gstRateBp: number;
    hsn: string;
    description: string;
  }[];
};

function documentsOf(orders: OrderCase[]) {
  const invoices: Gstr1Invoice[] = [];
  const notes: Gstr1CreditNote[] = [];
  orders.forEach((o, i) => {
    const pricing = priceOrder(o.lines, o.coupon, settings, {
      mode: 'gst',
      shopStateCode: SHOP,
      deliveryStateCode: o.state,
    });
    const invoice: Gstr1Invoice = {
      number: `INV/26-27/${String(i + 1).padStart(6, '0')}`,
      issuedAt: at,
      buyerGstin: o.gstin,
      buyerName: o.gstin ? 'Rao Traders' : null,
      placeOfSupply: o.state,
      interState: o.state !== SHOP,
      totalPaise: pricing.totals.totalPaise,
      lines: pricing.lines,
    };
    invoices.push(invoice);
    const amountPaise = Math.floor((pricing.totals.totalPaise * o.refund) / 1000);
    if (amountPaise > 0) {
      const note = creditNote(pricing, [], { by: 'amount', amountPaise });
      notes.push({
        number: `CN/26-27/${String(notes.length + 1).padStart(6, '0')}`,
        issuedAt: at,
        totalPaise: note.totals.totalPaise,
        invoice,
        lines: note.lines,
      });
    }
  });
  return { invoices, notes };
}

describe('GSTR-1 figures', () => {
  it('every section sums to the invoices less the credit notes, to the paisa (property)', () => {
    fc.assert(
      fc.property(fc.array(orderArb, { minLength: 0, maxLength: 12 }), (orders) => {
        const { invoices, notes } = documentsOf(orders);
        const report = gstr1Report(invoices, notes);
        const invoiced = sum(invoices.flatMap((i) => i.lines));
        const credited = sum(notes.flatMap((n) => n.lines));
        const net = plus(invoiced, sum([credited], -1));
        expect(figuresOf(report.totals.invoices)).toEqual(invoiced);
        expect(figuresOf(report.totals.creditNotes)).toEqual(credited);
        expect(figuresOf(report.totals.net)).toEqual(net);
        const sections = plus(
          plus(sum(report.b2b), sum(report.b2cl)),
          plus(sum(report.b2cs), plus(sum(report.cdnr, -1), sum(report.cdnur, -1))),
        );
        expect(sections).toEqual(net);
        expect(sum(report.hsn)).toEqual(net);
        expect(report.hsn.reduce((s, r) => s + r.totalValuePaise, 0)).toBe(report.totals.net.totalPaise);
        // B2B rows are the GSTIN invoices; B2CL only inter-state consumers above the limit.
        const b2bInvoices = new Set(report.b2b.map((r) => r.invoiceNumber));
        expect(b2bInvoices).toEqual(new Set(invoices.filter((i) => i.buyerGstin).map((i) => i.number)));
        for (const row of report.b2cl) {
          expect(row.placeOfSupply).not.toBe(SHOP);
          expect(row.invoiceValuePaise).toBeGreaterThan(B2CL_LIMIT_PAISE);
        }
        for (const row of report.b2cs.filter((r) => r.placeOfSupply === SHOP)) {
          expect(row.cgstPaise).toBe(row.sgstPaise);
          expect(row.igstPaise).toBe(0);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('sorts a worked month: B2B by invoice, a large inter-state sale in B2CL, the rest by state and rate', () => {
    const { invoices, notes } = documentsOf([
      {
        lines: [
          {
            unitPricePaise: 118_000,
            discount: 0,
            quantity: 1,
            gstRateBp: 1800,
            hsn: '9405',
            description: 'Lamp',
          },
        ],
        coupon: 0,
        state: '29',
        gstin: null,
        refund: 0,
      },
      {
        lines: [
          {
            unitPricePaise: 118_000,
            discount: 0,
            quantity: 2,
            gstRateBp: 1800,
            hsn: '9405',
            description: 'Lamp',
          },
        ],
        coupon: 0,
        state: '27',
        gstin: '27AAPFU0939F1ZV',
        refund: 500,
      },
      {
        lines: [
          {
            unitPricePaise: 20_000_000,
            discount: 0,
            quantity: 1,
            gstRateBp: 300,
            hsn: '7113',
            description: 'Ring',
          },
        ],
        coupon: 0,
        state: '27',
        gstin: null,
        refund: 1000,
      },
    ]);
    const report = gstr1Report(invoices, notes);
    expect(report.b2b).toMatchObject([
      { gstin: '27AAPFU0939F1ZV', rateBp: 1800, igstPaise: 36_000, taxableValuePaise: 200_000 },
    ]);
    expect(report.b2cl).toMatchObject([{ invoiceValuePaise: 20_000_000, rateBp: 300, placeOfSupply: '27' }]);
    expect(report.b2cs).toMatchObject([{ placeOfSupply: '29', rateBp: 1800, igstPaise: 0 }]);
    expect(report.b2cs[0]!.cgstPaise).toBe(report.b2cs[0]!.sgstPaise);
    expect(report.cdnr).toHaveLength(1);
    expect(report.cdnur).toMatchObject([{ gstin: null, noteValuePaise: 20_000_000 }]);
    expect(report.hsn.map((r) => [r.hsn, r.quantity])).toEqual([
      ['7113', 1],
      ['9405', 3],
    ]);
  });

  it('writes rupees exactly, dates and months in India time', () => {
    expect(rupeesText(123_456)).toBe('1234.56');
    expect(rupeesText(-5)).toBe('-0.05');
    expect(rupeesText(0)).toBe('0.00');
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (p) => {
        expect(Math.round(Number(rupeesText(p)) * 100)).toBe(p);
      }),
    );
    expect(gstr1Date(new Date('2026-03-31T19:00:00Z'))).toBe('01-Apr-2026');
    expect(gstr1Month('2026-04')).toEqual({
      starts: new Date('2026-03-31T18:30:00Z'),
      ends: new Date('2026-04-30T18:30:00Z'),
    });
    expect(gstr1Days('2026-04-01', '2026-06-30').ends).toEqual(new Date('2026-06-30T18:30:00Z'));
    expect(() => gstr1Month('2026-13')).toThrow(RangeError);
    expect(() => gstr1Days('2026-02-30', '2026-03-01')).toThrow(RangeError);
  });
});
