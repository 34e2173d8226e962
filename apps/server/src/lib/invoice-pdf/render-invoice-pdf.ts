/**
 * Renders an invoice document to PDF with pdfkit (decision 163): a tax invoice with every field Rule 46
 * of the CGST Rules asks, a plain invoice in flat mode, or a credit note against its invoice. Pure: no
 * database, no clock, no randomness; the PDF's creation date is the document's date, so the same
 * document always renders to the same bytes.
 */
import { taxDisplay } from '@bazaar/shared/gst';
import { amountInWords, stateWithCode } from '@bazaar/shared/india';
import { checkDocument } from './check-document';
import { type Column, creditNoteColumns, plainInvoiceColumns, taxInvoiceColumns } from './columns';
import { invoiceFonts } from './fonts';
import { invoiceDate, rupees } from './format';
import type {
  CreditNoteDocument,
  InvoiceDocument,
  PlainInvoiceDocument,
  TaxInvoiceDocument,
} from './invoice-document';
import { CONTENT_WIDTH, Layout, LEFT, MARGIN, RIGHT, type TextStyle } from './layout';

const TITLES = { 'tax-invoice': 'TAX INVOICE', invoice: 'INVOICE', 'credit-note': 'CREDIT NOTE' } as const;
const TABLE_SIZE = 7;
const bold: TextStyle = { font: 'bold' };
const small: TextStyle = { size: 8 };

function header(l: Layout, doc: InvoiceDocument) {
  const top = l.y;
  const numberLabel = doc.kind === 'credit-note' ? 'Credit note no.' : 'Invoice no.';
  const right = [
    { text: `${numberLabel}: ${doc.number}`, style: bold },
    { text: `Date: ${invoiceDate(doc.issuedAt)}` },
    { text: `Order: ${doc.orderReference}`, style: small },
  ];
  if (doc.kind === 'credit-note') {
    right.push({
      text: `Against invoice ${doc.invoice.number} dated ${invoiceDate(doc.invoice.issuedAt)}`,
      style: small,
    });
  }
  const rightHeight = l.column(right, RIGHT - 210, 210);
  const s = doc.supplier;
  const left = [
    { text: TITLES[doc.kind], style: { font: 'bold', size: 16 } as TextStyle },
    { text: s.name, style: { font: 'bold', size: 11 } as TextStyle },
    ...s.addressLines.map((text) => ({ text, style: small })),
    { text: `State: ${stateWithCode(s.stateCode)}`, style: small },
    ...(s.gstin ? [{ text: `GSTIN: ${s.gstin}`, style: { font: 'bold', size: 8 } as TextStyle }] : []),
    ...(s.email || s.phone ? [{ text: [s.email, s.phone].filter(Boolean).join(' · '), style: small }] : []),
  ];
  const leftHeight = l.column(left, LEFT, 290);
  l.y = top + Math.max(leftHeight, rightHeight) + 8;
  l.rule();
  l.y += 6;
}

function parties(l: Layout, doc: InvoiceDocument) {
  const r = doc.recipient;
  const width = CONTENT_WIDTH / 3 - 8;
  const shipTo = [
    ...[r.name, ...r.addressLines].map((text, i) => ({ text, style: i === 0 ? bold : small })),
    { text: `State: ${stateWithCode(r.stateCode)}`, style: small },
    ...(r.phone ? [{ text: `Phone: ${r.phone}`, style: small }] : []),
  ];
  const blocks: { title: string; lines: { text: string; style?: TextStyle }[] }[] = [];
  if (r.business) {
    blocks.push({
      title: 'Bill to',
      lines: [
        { text: r.business.legalName, style: bold },
        { text: `GSTIN: ${r.business.gstin}`, style: { font: 'bold', size: 8 } },
        ...r.business.billingAddressLines.map((text) => ({ text, style: small })),
        { text: `State: ${stateWithCode(r.business.billingStateCode)}`, style: small },
      ],
    });
    blocks.push({ title: 'Ship to', lines: shipTo });
  } else {
    blocks.push({ title: 'Bill to / Ship to', lines: shipTo });
  }
  const place = doc.kind === 'credit-note' ? doc.placeOfSupplyStateCode : r.stateCode;
  const supply =
    doc.kind === 'invoice' || (doc.kind === 'credit-note' && doc.mode === 'flat')
      ? []
      : [{ text: `Supply: ${supplyText(doc)}`, style: small }];
  blocks.push({
    title: 'Supply',
    lines: [
      { text: `Place of supply: ${stateWithCode(place)}`, style: small },
      { text: `Tax payable on reverse charge: ${doc.reverseCharge ? 'Yes' : 'No'}`, style: small },
      ...supply,
    ],
  });
  const heights = blocks.map((b, i) => {
    const x = LEFT + i * (CONTENT_WIDTH / 3);
    return l.column([{ text: b.title, style: { font: 'bold', size: 8 } }, ...b.lines], x, width);
  });
  l.y += Math.max(...heights) + 10;
}

function supplyText(doc: TaxInvoiceDocument | CreditNoteDocument): string {
  const supply = doc.kind === 'credit-note' ? doc.supply : doc.pricing.supply;
  const stateTax = doc.kind === 'credit-note' ? doc.stateTaxName : doc.pricing.stateTaxName;
  return supply === 'intra' ? `intra-state (CGST + ${stateTax})` : 'inter-state (IGST)';
}

function table<Row>(l: Layout, columns: readonly Column<Row>[], rows: readonly Row[]) {
  const cellStyle = (c: Column<Row>): TextStyle => ({ size: TABLE_SIZE, align: c.align, oneLine: !c.wraps });
  const head = () => {
    const height = Math.max(
      ...columns.map((c) => l.height(c.title, c.width - 4, { font: 'bold', size: TABLE_SIZE })),
    );
    l.ensure(height + 6);
    l.fill(LEFT, l.y, CONTENT_WIDTH, height + 4, '#eeeeee');
    let x = LEFT;
    for (const c of columns) {
      l.textAt(c.title, x + 2, l.y + 2, c.width - 4, { font: 'bold', size: TABLE_SIZE, align: c.align });
      x += c.width;
    }
    l.y += height + 6;
  };
  l.withPageHeader(head, () => {
    head();
    rows.forEach((row, i) => {
      const cells = columns.map((c) => c.cell(row, i));
      const height = Math.max(...columns.map((c, k) => l.height(cells[k]!, c.width - 4, cellStyle(c)))) + 4;
      l.ensure(height);
      let x = LEFT;
      columns.forEach((c, k) => {
        l.textAt(cells[k]!, x + 2, l.y + 2, c.width - 4, cellStyle(c));
        x += c.width;
      });
      l.y += height;
      l.rule(l.y, '#dddddd');
    });
  });
  l.y += 8;
}

function totalsBlock(
  l: Layout,
  rows: readonly { label: string; value: string; strong?: boolean }[],
  words: string,
) {
  const width = 250;
  const x = RIGHT - width;
  const height = rows.length * 13 + 40;
  l.ensure(height);
  for (const row of rows) {
    const style: TextStyle = {
      font: row.strong ? 'bold' : 'regular',
      size: row.strong ? 10 : 8.5,
      oneLine: true,
    };
    l.textAt(row.label, x, l.y, 150, style);
    l.textAt(row.value, x + 150, l.y, width - 150, { ...style, align: 'right' });
    l.y += row.strong ? 15 : 12;
  }
  l.y += 4;
  l.ensure(24);
  l.y += l.textAt(`Amount in words: ${words}`, LEFT, l.y, CONTENT_WIDTH, { font: 'bold', size: 8 });
  l.y += 8;
}

function taxRows(doc: TaxInvoiceDocument | CreditNoteDocument) {
  const t = doc.kind === 'credit-note' ? doc.totals : doc.pricing.taxTotals;
  const supply = doc.kind === 'credit-note' ? doc.supply : doc.pricing.supply;
  const stateTax = doc.kind === 'credit-note' ? doc.stateTaxName : doc.pricing.stateTaxName;
  const rows = [{ label: 'Taxable value', value: rupees(t.taxableValuePaise) }];
  if (supply === 'intra') {
    rows.push({ label: 'CGST', value: rupees(t.cgstPaise) }, { label: stateTax, value: rupees(t.sgstPaise) });
  } else {
    rows.push({ label: 'IGST', value: rupees(t.igstPaise) });
  }
  return rows;
}

function signature(l: Layout, doc: InvoiceDocument, notes: readonly string[]) {
  l.ensure(70);
  const top = l.y;
  const used = l.column(
    notes.map((text) => ({ text, style: small })),
    LEFT,
    CONTENT_WIDTH - 200,
  );
  l.textAt(`For ${doc.supplier.name}`, RIGHT - 190, top, 190, { font: 'bold', size: 9, align: 'right' });
  l.textAt('Authorised Signatory', RIGHT - 190, top + 44, 190, { size: 8, align: 'right' });
  l.y = top + Math.max(used, 56);
}

function taxInvoice(l: Layout, doc: TaxInvoiceDocument) {
  const p = doc.pricing;
  table(l, taxInvoiceColumns(p.supply, p.stateTaxName, CONTENT_WIDTH), p.lines);
  totalsBlock(
    l,
    [
      ...taxRows(doc),
      { label: 'Total tax', value: rupees(p.taxTotals.taxPaise) },
      { label: 'Total (GST included)', value: rupees(p.totals.totalPaise), strong: true },
    ],
    amountInWords(p.totals.totalPaise),
  );
  signature(l, doc, [
    'Unit prices include GST. Discount is the product’s own discount and the line’s share of the coupon.',
    'Shipping is taxed with the goods as one composite supply, at the highest rate in the order.',
  ]);
}

function plainInvoice(l: Layout, doc: PlainInvoiceDocument) {
  const p = doc.pricing;
  const t = p.totals;
  table(
    l,
    plainInvoiceColumns(CONTENT_WIDTH),
    p.lines.filter((line) => line.kind === 'goods'),
  );
  const [tax] = taxDisplay(p);
  totalsBlock(
    l,
    [
      { label: 'Subtotal (to the rupee)', value: rupees(t.subTotalPaise) },
      ...(t.couponDiscountPaise > 0
        ? [{ label: 'Coupon discount', value: `-${rupees(t.couponDiscountPaise)}` }]
        : []),
      { label: tax?.label ?? 'Tax', value: rupees(t.taxPaise) },
      { label: 'Shipping', value: t.shippingPaise > 0 ? rupees(t.shippingPaise) : 'Free' },
      { label: 'Total', value: rupees(t.totalPaise), strong: true },
    ],
    amountInWords(t.totalPaise),
  );
  signature(l, doc, []);
}

function creditNote(l: Layout, doc: CreditNoteDocument) {
  table(l, creditNoteColumns(doc.mode, doc.supply, doc.stateTaxName, CONTENT_WIDTH), doc.lines);
  const rows =
    doc.mode === 'gst'
      ? taxRows(doc)
      : [
          { label: 'Amount', value: rupees(doc.totals.taxableValuePaise) },
          { label: 'Tax', value: rupees(doc.totals.taxPaise) },
        ];
  totalsBlock(
    l,
    [...rows, { label: 'Total credited', value: rupees(doc.totals.totalPaise), strong: true }],
    amountInWords(doc.totals.totalPaise),
  );
  signature(l, doc, [`Reason: ${doc.reason}`, `Credit against invoice ${doc.invoice.number}.`]);
}

/** The document as PDF bytes; the same document always gives the same bytes. */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  checkDocument(doc);
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), invoiceFonts()]);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    pdfVersion: '1.7',
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: `${TITLES[doc.kind]} ${doc.number}`,
      Author: doc.supplier.name,
      Subject: `Order ${doc.orderReference}`,
      Creator: 'Bazaar',
      Producer: 'Bazaar',
      CreationDate: doc.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  // pdfkit takes a parsed fontkit font as well as bytes; its types only list the bytes.
  pdf.registerFont('regular', fonts.regular as unknown as Buffer);
  pdf.registerFont('bold', fonts.bold as unknown as Buffer);
  const l = new Layout(pdf);
  header(l, doc);
  parties(l, doc);
  if (doc.kind === 'tax-invoice') taxInvoice(l, doc);
  else if (doc.kind === 'invoice') plainInvoice(l, doc);
  else creditNote(l, doc);
  l.numberPages();
  pdf.end();
  return done;
}
