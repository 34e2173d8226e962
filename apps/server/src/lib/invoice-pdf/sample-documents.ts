/**
 * Example documents for the renderer's tests (and a reference for the code that assembles real ones):
 * a shop in Karnataka selling to Karnataka (CGST + SGST), to Kerala (IGST), to a business in
 * Maharashtra (B2B), in flat mode, and a credit note for part of an order.
 */
import { creditNote, type OrderLineInput, priceOrder, type TaxSetup } from '@bazaar/shared/gst';
import type { PricingSettings } from '@bazaar/shared/pricing';
import type {
  CreditNoteDocument,
  PlainInvoiceDocument,
  Recipient,
  Supplier,
  TaxInvoiceDocument,
} from './invoice-document';

export const SAMPLE_SETTINGS: PricingSettings = {
  shippingFeePaise: 5000,
  freeShippingThresholdPaise: 500_000,
  taxPercent: 10,
};

export const SAMPLE_LINES: OrderLineInput[] = [
  {
    description: 'Handloom cotton kurta, indigo, M',
    hsn: '6211',
    gstRateBp: 500,
    unitPricePaise: 149_900,
    discount: 10,
    quantity: 2,
  },
  {
    description: 'Assam tea, 250 g',
    hsn: '0902',
    gstRateBp: 500,
    unitPricePaise: 31_500,
    discount: 0,
    quantity: 3,
  },
  {
    description: 'Brass diya',
    hsn: '7419',
    gstRateBp: 1800,
    unitPricePaise: 54_999,
    discount: 5,
    quantity: 1,
  },
  {
    description: 'Silver toe rings (pair)',
    hsn: '7113',
    gstRateBp: 300,
    unitPricePaise: 89_000,
    discount: 0,
    quantity: 1,
  },
];

export const SAMPLE_SUPPLIER: Supplier = {
  name: 'Bazaar Crafts Private Limited',
  addressLines: ['12, 3rd Cross, Indiranagar', 'Bengaluru 560038'],
  stateCode: '29',
  gstin: '29AAGCB7383J1Z4',
  email: 'accounts@bazaar.example',
  phone: '+91 80 4000 1234',
};

export const SAMPLE_RECIPIENT: Recipient = {
  name: 'Anjali Menon',
  addressLines: ['Flat 4B, Lakeview Apartments', 'MG Road, near Metro Pillar 52', 'Kochi 682016'],
  stateCode: '32',
  phone: '+91 98470 12345',
};

export const SAMPLE_ISSUED_AT = new Date('2026-12-02T09:15:00Z');

function gst(deliveryStateCode: string): TaxSetup {
  return { mode: 'gst', shopStateCode: SAMPLE_SUPPLIER.stateCode, deliveryStateCode };
}

export function sampleTaxInvoice(
  recipient: Recipient = SAMPLE_RECIPIENT,
  lines: readonly OrderLineInput[] = SAMPLE_LINES,
  couponPercent = 10,
): TaxInvoiceDocument {
  return {
    kind: 'tax-invoice',
    number: 'INV/26-27/000123',
    issuedAt: SAMPLE_ISSUED_AT,
    supplier: SAMPLE_SUPPLIER,
    recipient,
    orderReference: 'BZ-7F3K2Q',
    reverseCharge: false,
    pricing: priceOrder(lines, couponPercent, SAMPLE_SETTINGS, gst(recipient.stateCode)),
  };
}

export const SAMPLE_BUSINESS: Recipient = {
  name: 'Rahul Deshpande',
  addressLines: ['Warehouse 7, Bhiwandi Logistics Park', 'Thane 421302'],
  stateCode: '27',
  business: {
    gstin: '27AAPFU0939F1ZV',
    legalName: 'Deshpande Retail LLP',
    billingAddressLines: ['501, Shivaji Nagar', 'Pune 411005'],
    billingStateCode: '27',
  },
};

export function samplePlainInvoice(): PlainInvoiceDocument {
  return {
    kind: 'invoice',
    number: 'INV/26-27/000124',
    issuedAt: SAMPLE_ISSUED_AT,
    supplier: { ...SAMPLE_SUPPLIER, gstin: null },
    recipient: SAMPLE_RECIPIENT,
    orderReference: 'BZ-8H4M1Z',
    reverseCharge: false,
    pricing: priceOrder(
      SAMPLE_LINES,
      15,
      { ...SAMPLE_SETTINGS, freeShippingThresholdPaise: 1_000_000 },
      { mode: 'flat' },
    ),
  };
}

/** One kurta and the shipping back, from the Kerala (IGST) invoice. */
export function sampleCreditNote(): CreditNoteDocument {
  const invoice = sampleTaxInvoice(SAMPLE_RECIPIENT, SAMPLE_LINES, 10);
  const note = creditNote(invoice.pricing, [], {
    by: 'quantity',
    items: [{ line: 0, quantity: 1 }],
    shipping: true,
  });
  return {
    kind: 'credit-note',
    number: 'CN/26-27/000007',
    issuedAt: new Date('2026-12-09T11:00:00Z'),
    supplier: SAMPLE_SUPPLIER,
    recipient: SAMPLE_RECIPIENT,
    orderReference: invoice.orderReference,
    reverseCharge: false,
    mode: 'gst',
    supply: invoice.pricing.supply,
    stateTaxName: invoice.pricing.stateTaxName,
    placeOfSupplyStateCode: SAMPLE_RECIPIENT.stateCode,
    invoice: { number: invoice.number, issuedAt: invoice.issuedAt },
    reason: 'Returned: size too small',
    lines: note.lines,
    totals: note.totals,
  };
}
