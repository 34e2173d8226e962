import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STATE_CODES } from '../india/states';
import type { PricingSettings } from '../pricing';
import { mulDivRound } from './arithmetic';
import {
  CreditNoteError,
  type CreditNoteLine,
  creditNote,
  type RefundRequest,
  refundable,
} from './credit-note';
import {
  type InvoiceLine,
  type OrderLineInput,
  type OrderPricing,
  priceOrder,
  type TaxSetup,
} from './price-order';

const settings: PricingSettings = {
  shippingFeePaise: 5000,
  freeShippingThresholdPaise: 1_000_000,
  taxPercent: 10,
};
const kurta: OrderLineInput = {
  unitPricePaise: 118_000,
  discount: 0,
  quantity: 3,
  gstRateBp: 1800,
  hsn: '6211',
  description: 'Kurta',
};
const intra: TaxSetup = { mode: 'gst', shopStateCode: '29', deliveryStateCode: '29' };

describe('credit notes: worked cases', () => {
  const invoice = priceOrder([kurta], 0, settings, intra);

  it('credits one of three units with its taxes, and the shipping line whole', () => {
    const note = creditNote(invoice, [], {
      by: 'quantity',
      items: [{ line: 0, quantity: 1 }],
      shipping: true,
    });
    expect(note.lines).toEqual([
      expect.objectContaining({
        line: 0,
        quantity: 1,
        taxableValuePaise: 100_000,
        cgstPaise: 9000,
        sgstPaise: 9000,
        totalPaise: 118_000,
      }),
      expect.objectContaining({
        line: 1,
        kind: 'shipping',
        totalPaise: 5000,
        cgstPaise: 381,
        sgstPaise: 381,
      }),
    ]);
    expect(note.totals.totalPaise).toBe(123_000);
  });

  it('refuses more units than are left, more money than is left, and nothing', () => {
    const first = creditNote(invoice, [], { by: 'quantity', items: [{ line: 0, quantity: 2 }] });
    expect(() =>
      creditNote(invoice, first.lines, { by: 'quantity', items: [{ line: 0, quantity: 2 }] }),
    ).toThrow('Only 1 of Kurta can still be refunded (2 asked)');
    expect(() => creditNote(invoice, first.lines, { by: 'amount', amountPaise: 200_000 })).toThrow(
      'At most ₹1,230 is left to refund on this invoice',
    );
    expect(() => creditNote(invoice, [], { by: 'quantity', items: [] })).toThrow(CreditNoteError);
    expect(() => creditNote(invoice, [], { by: 'quantity', items: [{ line: 1, quantity: 1 }] })).toThrow(
      'The invoice has no goods line 2',
    );
    expect(() => creditNote(invoice, [], { by: 'amount', amountPaise: 0 })).toThrow(CreditNoteError);
  });

  it('shares an amount over what is left of every line, taxes reversed in proportion', () => {
    const note = creditNote(invoice, [], { by: 'amount', amountPaise: 35_900 });
    // ₹359 over ₹3,540 of kurtas and ₹50 of shipping: ₹354 and ₹5.
    expect(note.lines.map((l) => [l.line, l.quantity, l.totalPaise])).toEqual([
      [0, 0, 35_400],
      [1, 0, 500],
    ]);
    expect(note.lines[0]).toMatchObject({ taxableValuePaise: 30_000, cgstPaise: 2700, sgstPaise: 2700 });
    expect(note.totals.totalPaise).toBe(35_900);
  });

  it('reverses a flat-mode invoice’s tax line by line', () => {
    const flat = priceOrder([{ unitPricePaise: 9995, discount: 10, quantity: 2 }], 15, settings, {
      mode: 'flat',
    });
    const note = creditNote(flat, [], { by: 'quantity', items: [{ line: 0, quantity: 1 }] });
    expect(note.lines[0]).toMatchObject({
      quantity: 1,
      taxableValuePaise: 7650,
      taxPaise: 750,
      totalPaise: 8400,
    });
    const rest = creditNote(flat, note.lines, {
      by: 'quantity',
      items: [{ line: 0, quantity: 1 }],
      shipping: true,
    });
    expect(rest.totals.totalPaise + note.totals.totalPaise).toBe(flat.totals.totalPaise);
  });

  it('tells what is left', () => {
    const note = creditNote(invoice, [], { by: 'quantity', items: [{ line: 0, quantity: 1 }] });
    expect(refundable(invoice, note.lines)).toEqual({
      totalPaise: 241_000,
      lines: [
        { line: 0, kind: 'goods', quantity: 2, totalPaise: 236_000 },
        { line: 1, kind: 'shipping', quantity: 1, totalPaise: 5000 },
      ],
    });
  });
});

// Properties: random invoices, random refunds one after another.
const line: fc.Arbitrary<OrderLineInput> = fc.record({
  unitPricePaise: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 5_000_000 })),
  discount: fc.integer({ min: 0, max: 100 }),
  quantity: fc.integer({ min: 1, max: 12 }),
  gstRateBp: fc.oneof(
    fc.constantFrom(0, 25, 300, 500, 1200, 1800, 2800, 4000),
    fc.integer({ min: 0, max: 10_000 }),
  ),
  hsn: fc.constant('6109'),
});
const state = fc.constantFrom(...STATE_CODES);
const invoiceArb: fc.Arbitrary<OrderPricing> = fc
  .tuple(
    fc.array(line, { minLength: 1, maxLength: 8 }),
    fc.integer({ min: 0, max: 100 }),
    fc.record({
      shippingFeePaise: fc.integer({ min: 0, max: 20_000 }),
      freeShippingThresholdPaise: fc.integer({ min: 0, max: 5_000_000 }),
      taxPercent: fc.integer({ min: 0, max: 30 }),
    }),
    fc.oneof(
      fc.constant<TaxSetup>({ mode: 'flat' }),
      fc.record({ mode: fc.constant('gst' as const), shopStateCode: state, deliveryStateCode: state }),
    ),
  )
  .map(([ls, c, s, t]) => priceOrder(ls, c, s, t));

// A request is drawn as fractions, then fitted to the invoice: quantities of lines, or an amount.
const requestArb = fc.oneof(
  fc.record({
    by: fc.constant('quantity' as const),
    picks: fc.array(fc.tuple(fc.nat(20), fc.integer({ min: 0, max: 14 })), { maxLength: 4 }),
    shipping: fc.boolean(),
  }),
  fc.record({
    by: fc.constant('amount' as const),
    fraction: fc.double({ min: 0, max: 1.1, noNaN: true }),
    tiny: fc.boolean(),
  }),
);

type RawRequest = typeof requestArb extends fc.Arbitrary<infer T> ? T : never;

function fit(invoice: OrderPricing, raw: RawRequest, left: number): RefundRequest {
  if (raw.by === 'amount') {
    const amountPaise = raw.tiny
      ? 1 + Math.floor(raw.fraction * 3)
      : Math.max(1, Math.round(left * raw.fraction));
    return { by: 'amount', amountPaise };
  }
  const goods = invoice.lines.map((l, i) => [l, i] as const).filter(([l]) => l.kind === 'goods');
  const items = raw.picks.map(([at, quantity]) => ({
    line: goods[at % goods.length]![1],
    quantity,
  }));
  return { by: 'quantity', items, shipping: raw.shipping };
}

const credited = (lines: readonly CreditNoteLine[], index: number) => {
  const mine = lines.filter((l) => l.line === index);
  const s = (f: (l: CreditNoteLine) => number) => mine.reduce((a, l) => a + f(l), 0);
  return {
    quantity: s((l) => l.quantity),
    taxableValuePaise: s((l) => l.taxableValuePaise),
    cgstPaise: s((l) => l.cgstPaise),
    sgstPaise: s((l) => l.sgstPaise),
    igstPaise: s((l) => l.igstPaise),
    taxPaise: s((l) => l.taxPaise),
    totalPaise: s((l) => l.totalPaise),
  };
};
const invoiced = (l: InvoiceLine) => ({
  quantity: l.quantity,
  taxableValuePaise: l.taxableValuePaise,
  cgstPaise: l.cgstPaise,
  sgstPaise: l.sgstPaise,
  igstPaise: l.igstPaise,
  taxPaise: l.taxPaise,
  totalPaise: l.totalPaise,
});

describe('credit notes: properties', () => {
  it('never exceed the invoice, keep every line whole and split, and reverse it exactly at the end', () => {
    fc.assert(
      fc.property(invoiceArb, fc.array(requestArb, { maxLength: 6 }), (invoice, raws) => {
        const all: CreditNoteLine[] = [];
        for (const raw of raws) {
          const left = refundable(invoice, all);
          const request = fit(invoice, raw, left.totalPaise);
          let note: ReturnType<typeof creditNote>;
          try {
            note = creditNote(invoice, all, request);
          } catch (error) {
            expect(error).toBeInstanceOf(CreditNoteError);
            const code = (error as CreditNoteError).code;
            if (request.by === 'amount') {
              expect(['amount', 'indivisible']).toContain(code);
              if (code === 'amount') expect(request.amountPaise).toBeGreaterThan(left.totalPaise);
              if (code === 'indivisible') expect(invoice.supply).not.toBe('flat');
            } else {
              expect(['quantity', 'nothing']).toContain(code);
              if (code === 'quantity') {
                const asked = new Map<number, number>();
                for (const i of request.items) asked.set(i.line, (asked.get(i.line) ?? 0) + i.quantity);
                expect([...asked].some(([l, q]) => q > left.lines[l]!.quantity)).toBe(true);
              }
            }
            continue;
          }
          if (request.by === 'amount') expect(note.totals.totalPaise).toBe(request.amountPaise);
          for (const l of note.lines) {
            for (const n of [
              l.taxableValuePaise,
              l.cgstPaise,
              l.sgstPaise,
              l.igstPaise,
              l.taxPaise,
              l.totalPaise,
              l.quantity,
            ]) {
              expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
            }
            expect(l.taxableValuePaise + l.taxPaise).toBe(l.totalPaise);
            if (invoice.supply === 'intra')
              expect([l.cgstPaise, l.cgstPaise + l.sgstPaise]).toEqual([l.sgstPaise, l.taxPaise]);
            if (invoice.supply === 'inter') expect(l.igstPaise).toBe(l.taxPaise);
          }
          all.push(...note.lines);
          invoice.lines.forEach((l, i) => {
            const c = credited(all, i);
            const inv = invoiced(l);
            for (const key of Object.keys(inv) as (keyof typeof inv)[])
              expect(c[key]).toBeLessThanOrEqual(inv[key]);
          });
        }
        // Refund all that is left: every line comes back exactly as invoiced.
        const left = refundable(invoice, all);
        const items = left.lines
          .filter((l) => l.kind === 'goods' && l.quantity > 0)
          .map((l) => ({ line: l.line, quantity: l.quantity }));
        if (left.totalPaise > 0 || items.length > 0) {
          all.push(...creditNote(invoice, all, { by: 'quantity', items, shipping: true }).lines);
        }
        invoice.lines.forEach((l, i) => {
          expect(credited(all, i)).toEqual(invoiced(l));
        });
        expect(refundable(invoice, all).totalPaise).toBe(0);
      }),
      { numRuns: 400 },
    );
  }, 60_000);

  it('credits units in proportion to the line: the value within a paisa, its tax within two', () => {
    fc.assert(
      fc.property(invoiceArb, fc.nat(), (invoice, pick) => {
        const goods = invoice.lines.filter((l) => l.kind === 'goods');
        const index = invoice.lines.indexOf(goods[pick % goods.length]!);
        const l = invoice.lines[index]!;
        const all: CreditNoteLine[] = [];
        for (let unit = 1; unit <= l.quantity; unit++) {
          const note = creditNote(invoice, all, { by: 'quantity', items: [{ line: index, quantity: 1 }] });
          all.push(...note.lines);
          const c = credited(all, index);
          // Within a paisa of the units' share rounded to the paisa.
          expect(Math.abs(c.totalPaise - mulDivRound(l.totalPaise, unit, l.quantity))).toBeLessThanOrEqual(1);
          // Tax goes back in pairs of paise (CGST = SGST), so units worth less than a pair cannot carry
          // their share of it: there the tax catches up on later units instead.
          if (l.totalPaise >= 2 * l.quantity) {
            expect(
              Math.abs(c.taxPaise - (l.taxPaise * c.totalPaise) / (l.totalPaise || 1)),
            ).toBeLessThanOrEqual(2 + 1e-6);
          }
        }
        expect(credited(all, index)).toEqual(invoiced(l));
      }),
    );
  });

  it('moves a unit refund by a paisa when only an even tax is left on its line', () => {
    // 3 units of ₹0.01 at 100%: ₹0.01 taxable + ₹0.01 + ₹0.01. A ₹0.01 refund takes the taxable paisa;
    // a unit's third of the line (1 paisa) would then be half a pair of taxes. The ₹0.01 already given
    // back covers that unit, so it goes for nothing; the last two take the pair.
    const invoice = priceOrder(
      [{ unitPricePaise: 1, discount: 0, quantity: 3, gstRateBp: 10_000, hsn: '9999' }],
      0,
      { ...settings, shippingFeePaise: 0 },
      intra,
    );
    const first = creditNote(invoice, [], { by: 'amount', amountPaise: 1 });
    expect(first.lines[0]).toMatchObject({ taxableValuePaise: 1, taxPaise: 0 });
    const unit = creditNote(invoice, first.lines, { by: 'quantity', items: [{ line: 0, quantity: 1 }] });
    expect(unit.lines[0]).toMatchObject({ quantity: 1, totalPaise: 0 });
    const rest = creditNote(invoice, [...first.lines, ...unit.lines], {
      by: 'quantity',
      items: [{ line: 0, quantity: 2 }],
    });
    expect(rest.lines[0]).toMatchObject({ quantity: 2, totalPaise: 2, cgstPaise: 1, sgstPaise: 1 });
    // Without the earlier refund, the same line goes back a unit at a time within a paisa of its share.
    const one = creditNote(invoice, [], { by: 'quantity', items: [{ line: 0, quantity: 1 }] });
    expect(one.lines[0]).toMatchObject({ totalPaise: 1, taxPaise: 0 });
  });

  it('refuses only the paisa that cannot be halved, when no other line can take it', () => {
    // The hardest case for CGST = SGST: one 7-paise line at 40% (₹0.05 + ₹0.01 + ₹0.01), refunded a
    // paisa at a time. The five taxable paise go first (tax cannot be split into halves of a paisa);
    // then only ₹0.02 of tax is left, which goes as a pair or not at all.
    const tiny = { unitPricePaise: 7, discount: 0, quantity: 1, gstRateBp: 4000, hsn: '2402' };
    const noShipping = { ...settings, shippingFeePaise: 0 };
    const invoice = priceOrder([tiny], 0, noShipping, intra);
    expect(invoice.lines).toEqual([
      expect.objectContaining({ totalPaise: 7, taxPaise: 2, taxableValuePaise: 5 }),
    ]);
    const all: CreditNoteLine[] = [];
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      try {
        const note = creditNote(invoice, all, { by: 'amount', amountPaise: 1 });
        all.push(...note.lines);
        outcomes.push(`${note.lines[0]!.taxableValuePaise}+${note.lines[0]!.taxPaise}`);
      } catch (error) {
        outcomes.push((error as CreditNoteError).code);
      }
    }
    expect(outcomes).toEqual(['1+0', '1+0', '1+0', '1+0', '1+0', 'indivisible']);
    expect(creditNote(invoice, all, { by: 'amount', amountPaise: 2 }).lines[0]).toMatchObject({
      cgstPaise: 1,
      sgstPaise: 1,
    });
    // With a shipping line beside it the odd paisa moves there instead, and nothing is refused.
    const withShipping = priceOrder([tiny], 0, settings, intra);
    const more: CreditNoteLine[] = [];
    for (let i = 0; i < 20; i++)
      more.push(...creditNote(withShipping, more, { by: 'amount', amountPaise: 1 }).lines);
    expect(more.reduce((a, l) => a + l.totalPaise, 0)).toBe(20);
  });
});
