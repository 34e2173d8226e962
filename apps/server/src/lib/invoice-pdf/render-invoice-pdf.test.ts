import {
  type CreditNoteLine,
  creditNote,
  formatHalfRate,
  formatRate,
  gstinCheckCharacter,
  type InvoiceLine,
  priceOrder,
} from '@bazaar/shared/gst';
import { amountInWords, stateWithCode } from '@bazaar/shared/india';
import fc from 'fast-check';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { amount, rupees } from './format';
import type { InvoiceDocument } from './invoice-document';
import { renderInvoicePdf } from './render-invoice-pdf';
import {
  SAMPLE_BUSINESS,
  SAMPLE_LINES,
  SAMPLE_RECIPIENT,
  SAMPLE_SUPPLIER,
  sampleCreditNote,
  samplePlainInvoice,
  sampleTaxInvoice,
} from './sample-documents';

async function textOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(doc, { mergePages: true });
  // Joined on spaces: a wrapped description reads as one run of words.
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

/** The figures of a line as its row prints them, in column order after the description. */
function gstRow(l: InvoiceLine, supply: 'intra' | 'inter'): string {
  const taxes =
    supply === 'intra'
      ? [formatHalfRate(l.rateBp), amount(l.cgstPaise), formatHalfRate(l.rateBp), amount(l.sgstPaise)]
      : [formatRate(l.rateBp), amount(l.igstPaise)];
  return [
    l.hsn,
    l.quantity,
    amount(l.unitPricePaise),
    amount(l.productDiscountPaise + l.couponDiscountPaise),
    amount(l.taxableValuePaise),
    ...taxes,
    amount(l.totalPaise),
  ].join(' ');
}

function expectSupplierAndNumber(text: string, doc: InvoiceDocument) {
  expect(text).toContain(doc.supplier.name);
  for (const line of doc.supplier.addressLines) expect(text).toContain(line);
  expect(text).toContain(`State: ${stateWithCode(doc.supplier.stateCode)}`);
  expect(text).toContain(doc.number);
  expect(text).toContain('Date: 02 Dec 2026');
  expect(text).toContain(`For ${doc.supplier.name} Authorised Signatory`);
}

describe('tax invoice (GST mode): every Rule 46 field', () => {
  it('within the state: CGST + SGST per line, the delivery address, place of supply, totals in figures and words', async () => {
    const recipient = {
      ...SAMPLE_RECIPIENT,
      stateCode: '29',
      addressLines: ['14 Church Street', 'Bengaluru 560001'],
    };
    const doc = sampleTaxInvoice(recipient);
    const { text, pages } = await textOf(await renderInvoicePdf(doc));
    const p = doc.pricing;
    expect(pages).toBe(1);
    expect(text).toContain('TAX INVOICE');
    expectSupplierAndNumber(text, doc);
    expect(text).toContain('GSTIN: 29AAGCB7383J1Z4');
    expect(text).toContain('Invoice no.: INV/26-27/000123');
    expect(text).toContain(
      'Bill to / Ship to Anjali Menon 14 Church Street Bengaluru 560001 State: Karnataka (29)',
    );
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('Tax payable on reverse charge: No');
    expect(text).toContain(
      '# Description HSN Qty Unit price Discount Taxable value CGST % CGST SGST % SGST Total',
    );
    expect(p.lines).toHaveLength(SAMPLE_LINES.length + 1); // and shipping
    p.lines.forEach((l, i) => {
      expect(text).toContain(`${i + 1} ${l.description} ${gstRow(l, 'intra')}`);
    });
    expect(p.lines.at(-1)).toMatchObject({
      kind: 'shipping',
      description: 'Shipping',
      hsn: '7419',
      rateBp: 1800,
    });
    const t = p.taxTotals;
    expect(text).toContain(
      `Taxable value ${rupees(t.taxableValuePaise)} CGST ${rupees(t.cgstPaise)} SGST ${rupees(t.sgstPaise)}`,
    );
    expect(text).toContain(`Total (GST included) ${rupees(p.totals.totalPaise)}`);
    expect(text).toContain(`Amount in words: ${amountInWords(p.totals.totalPaise)}`);
    // The printed line totals add up to the printed total.
    const printed = p.lines.map((l) => Number(amount(l.totalPaise).replaceAll(',', '')) * 100);
    expect(Math.round(printed.reduce((a, b) => a + b, 0))).toBe(p.totals.totalPaise);
  });

  it('across states: IGST per line, the delivery state as place of supply', async () => {
    const doc = sampleTaxInvoice();
    const { text } = await textOf(await renderInvoicePdf(doc));
    expect(text).toContain('# Description HSN Qty Unit price Discount Taxable value IGST % IGST Total');
    doc.pricing.lines.forEach((l, i) => {
      expect(text).toContain(`${i + 1} ${l.description} ${gstRow(l, 'inter')}`);
    });
    expect(text).toContain('Place of supply: Kerala (32)');
    expect(text).toContain('Supply: inter-state (IGST)');
    expect(text).toContain(
      'Flat 4B, Lakeview Apartments MG Road, near Metro Pillar 52 Kochi 682016 State: Kerala (32)',
    );
    expect(text).toContain(`IGST ${rupees(doc.pricing.taxTotals.igstPaise)}`);
    expect(text).not.toContain('CGST');
  });

  it('to a business: the buyer’s GSTIN, registered name and billing address beside the delivery address', async () => {
    const doc = sampleTaxInvoice(SAMPLE_BUSINESS);
    const { text } = await textOf(await renderInvoicePdf(doc));
    expect(text).toContain(
      'Bill to Deshpande Retail LLP GSTIN: 27AAPFU0939F1ZV 501, Shivaji Nagar Pune 411005 State: Maharashtra (27)',
    );
    expect(text).toContain(
      'Ship to Rahul Deshpande Warehouse 7, Bhiwandi Logistics Park Thane 421302 State: Maharashtra (27)',
    );
    expect(text).toContain('Place of supply: Maharashtra (27)');
  });

  it('names UTGST for a shop in a union territory without a legislature', async () => {
    const gstin = `04AAGCB7383J1Z${gstinCheckCharacter('04AAGCB7383J1Z')}`;
    const supplier = {
      ...SAMPLE_SUPPLIER,
      stateCode: '04',
      gstin,
      addressLines: ['SCO 12, Sector 17', 'Chandigarh 160017'],
    };
    const base = sampleTaxInvoice({
      ...SAMPLE_RECIPIENT,
      stateCode: '04',
      addressLines: ['House 5, Sector 22', 'Chandigarh 160022'],
    });
    const doc = {
      ...base,
      supplier,
      pricing: priceOrder(
        SAMPLE_LINES,
        10,
        { shippingFeePaise: 0, freeShippingThresholdPaise: 0, taxPercent: 10 },
        {
          mode: 'gst',
          shopStateCode: '04',
          deliveryStateCode: '04',
        },
      ),
    };
    const { text } = await textOf(await renderInvoicePdf(doc));
    expect(text).toContain('CGST % CGST UTGST % UTGST Total');
    expect(text).toContain('Supply: intra-state (CGST + UTGST)');
    expect(text).toContain(`UTGST ${rupees(doc.pricing.taxTotals.sgstPaise)}`);
  });

  it('runs onto more pages with the column titles repeated and every line kept', async () => {
    const many = Array.from({ length: 90 }, (_, i) => ({
      ...SAMPLE_LINES[i % SAMPLE_LINES.length]!,
      description: `Item number ${i + 1}`,
    }));
    const doc = sampleTaxInvoice(SAMPLE_RECIPIENT, many, 5);
    const { text, pages } = await textOf(await renderInvoicePdf(doc));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // Every page that carries lines starts with the column titles.
    const doc2 = await getDocumentProxy(new Uint8Array(await renderInvoicePdf(doc)));
    const { text: perPage } = await extractText(doc2, { mergePages: false });
    const withLines = perPage.filter((page) => page.includes('Item number'));
    expect(withLines.length).toBeGreaterThan(1);
    for (const page of withLines.slice(1)) expect(page.trimStart()).toMatch(/^# Description HSN Qty/);
    expect(text.split('# Description HSN').length - 1).toBe(withLines.length);
    for (const [i, l] of doc.pricing.lines.entries()) {
      expect(text).toContain(`${i + 1} ${l.description} ${gstRow(l, 'inter')}`);
    }
    expect(text).toContain(`Amount in words: ${amountInWords(doc.pricing.totals.totalPaise)}`);
  });
});

describe('tax invoice: any order', () => {
  it('prints every line’s figures and the total, for random carts, coupons and states', async () => {
    const { STATE_CODES } = await import('@bazaar/shared/india');
    const line = fc.record({
      // Words short enough for the description column, as product names are.
      description: fc
        .array(fc.stringMatching(/^[A-Za-z0-9]{1,10}(-[A-Za-z0-9]{1,6})?,?$/), { minLength: 1, maxLength: 8 })
        .map((words) => words.join(' ')),
      hsn: fc.stringMatching(/^[0-9]{4}([0-9]{2}([0-9]{2})?)?$/),
      gstRateBp: fc.constantFrom(0, 25, 300, 500, 1800, 2800, 4000),
      unitPricePaise: fc.integer({ min: 1, max: 50_000_000 }),
      discount: fc.integer({ min: 0, max: 90 }),
      quantity: fc.integer({ min: 1, max: 50 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom(...STATE_CODES),
        async (lines, coupon, stateCode) => {
          const doc = sampleTaxInvoice({ ...SAMPLE_RECIPIENT, stateCode }, lines, coupon);
          // A description may wrap after a hyphen, which reads back as "- ".
          const unwrap = (t: string) => t.replace(/\s+/g, ' ').replaceAll('- ', '-');
          const text = unwrap((await textOf(await renderInvoicePdf(doc))).text);
          const supply = doc.pricing.supply as 'intra' | 'inter';
          for (const [i, l] of doc.pricing.lines.entries()) {
            expect(text).toContain(unwrap(`${i + 1} ${l.description} ${gstRow(l, supply)}`));
          }
          expect(text).toContain(`Place of supply: ${stateWithCode(stateCode)}`);
          expect(text).toContain(`Total (GST included) ${rupees(doc.pricing.totals.totalPaise)}`);
          expect(text).toContain(`Amount in words: ${amountInWords(doc.pricing.totals.totalPaise)}`);
        },
      ),
      // Every run renders a PDF: shrinking a failure would outlast the timeout, so it reports the first.
      { numRuns: Number(process.env.PDF_RUNS ?? 12), endOnFailure: true },
    );
  }, 120_000);
});

describe('plain invoice (flat mode)', () => {
  it('lists the goods and the shop’s tax line, with no GST fields', async () => {
    const doc = samplePlainInvoice();
    const { text } = await textOf(await renderInvoicePdf(doc));
    const t = doc.pricing.totals;
    expect(text).toContain('INVOICE Bazaar Crafts Private Limited');
    expect(text).not.toContain('TAX INVOICE');
    expect(text).not.toContain('GSTIN');
    expectSupplierAndNumber(text, doc);
    expect(text).toContain('# Description Qty Unit price Discount Amount');
    doc.pricing.lines
      .filter((l) => l.kind === 'goods')
      .forEach((l, i) => {
        const lineAmount = l.unitPricePaise * l.quantity - l.productDiscountPaise;
        expect(text).toContain(
          `${i + 1} ${l.description} ${l.quantity} ${amount(l.unitPricePaise)} ${amount(l.productDiscountPaise)} ${amount(lineAmount)}`,
        );
      });
    expect(text).toContain(
      `Subtotal (to the rupee) ${rupees(t.subTotalPaise)} Coupon discount -${rupees(t.couponDiscountPaise)} Tax (10%) ${rupees(t.taxPaise)} Shipping ${rupees(t.shippingPaise)} Total ${rupees(t.totalPaise)}`,
    );
    expect(t.totalPaise).toBe(t.subTotalPaise - t.couponDiscountPaise + t.taxPaise + t.shippingPaise);
    expect(text).toContain(`Amount in words: ${amountInWords(t.totalPaise)}`);
  });
});

describe('credit note', () => {
  const row = (l: CreditNoteLine) =>
    [
      l.hsn,
      l.quantity,
      amount(l.taxableValuePaise),
      formatRate(l.rateBp),
      amount(l.igstPaise),
      amount(l.totalPaise),
    ].join(' ');

  it('refers to its invoice and reverses its lines’ taxes', async () => {
    const doc = sampleCreditNote();
    const { text } = await textOf(await renderInvoicePdf(doc));
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('Credit note no.: CN/26-27/000007');
    expect(text).toContain('Date: 09 Dec 2026');
    expect(text).toContain('Against invoice INV/26-27/000123 dated 02 Dec 2026');
    expect(text).toContain('GSTIN: 29AAGCB7383J1Z4');
    expect(text).toContain('Place of supply: Kerala (32)');
    expect(doc.lines.map((l) => l.kind)).toEqual(['goods', 'shipping']);
    for (const [i, l] of doc.lines.entries()) expect(text).toContain(`${i + 1} ${l.description} ${row(l)}`);
    expect(text).toContain(`Total credited ${rupees(doc.totals.totalPaise)}`);
    expect(text).toContain(`Amount in words: ${amountInWords(doc.totals.totalPaise)}`);
    expect(text).toContain('Reason: Returned: size too small');
    expect(text).toContain(`For ${SAMPLE_SUPPLIER.name} Authorised Signatory`);
  });

  it('in flat mode reverses the shop’s tax line by line', async () => {
    const invoice = samplePlainInvoice();
    const note = creditNote(invoice.pricing, [], { by: 'amount', amountPaise: 50_000 });
    const doc: InvoiceDocument = {
      ...invoice,
      kind: 'credit-note',
      number: 'CN/26-27/000008',
      mode: 'flat',
      supply: 'flat',
      stateTaxName: 'SGST',
      placeOfSupplyStateCode: invoice.recipient.stateCode,
      invoice: { number: invoice.number, issuedAt: invoice.issuedAt },
      reason: 'Goodwill for a late delivery',
      lines: note.lines,
      totals: note.totals,
    };
    const { text } = await textOf(await renderInvoicePdf(doc));
    expect(text).toContain('# Description Qty Amount Tax % Tax Total');
    for (const [i, l] of note.lines.entries()) {
      const figures = [l.taxableValuePaise, l.taxPaise, l.totalPaise].map(amount);
      expect(text).toContain(
        `${i + 1} ${l.description} — ${figures[0]} ${formatRate(l.rateBp)} ${figures[1]} ${figures[2]}`,
      );
    }
    expect(text).toContain(`Total credited ${rupees(50_000)}`);
    expect(text).toContain('Amount in words: Rupees Five Hundred Only');
  });
});

describe('rendering is deterministic and refuses what it cannot print', () => {
  it('renders the same document to the same bytes, and another date to others', async () => {
    const first = await renderInvoicePdf(sampleTaxInvoice());
    const again = await renderInvoicePdf(structuredClone(sampleTaxInvoice()));
    expect(again.equals(first)).toBe(true);
    expect(first.subarray(0, 8).toString()).toBe('%PDF-1.7');
    const later = await renderInvoicePdf({
      ...sampleTaxInvoice(),
      issuedAt: new Date('2026-12-03T09:15:00Z'),
    });
    expect(later.equals(first)).toBe(false);
    expect(await renderInvoicePdf(sampleCreditNote())).toEqual(await renderInvoicePdf(sampleCreditNote()));
  });

  it('refuses a tax invoice without the shop’s GSTIN, a wrong place of supply, a bad buyer GSTIN, a long number', async () => {
    const doc = sampleTaxInvoice();
    await expect(renderInvoicePdf({ ...doc, supplier: { ...doc.supplier, gstin: null } })).rejects.toThrow(
      /GSTIN/,
    );
    await expect(
      renderInvoicePdf({ ...doc, supplier: { ...doc.supplier, gstin: '27AAPFU0939F1ZV' } }),
    ).rejects.toThrow(/its state/);
    await expect(
      renderInvoicePdf({ ...doc, recipient: { ...doc.recipient, stateCode: '33' } }),
    ).rejects.toThrow(/place of supply/);
    await expect(
      renderInvoicePdf(
        sampleTaxInvoice({
          ...SAMPLE_BUSINESS,
          business: { ...SAMPLE_BUSINESS.business!, gstin: '27AAPFU0939F1ZA' },
        }),
      ),
    ).rejects.toThrow(/buyer’s GSTIN/);
    await expect(renderInvoicePdf({ ...doc, number: 'INVOICE/2026-27/0001' })).rejects.toThrow(/16/);
    await expect(renderInvoicePdf({ ...samplePlainInvoice(), pricing: doc.pricing })).rejects.toThrow(
      /flat pricing/,
    );
  });
});
