/**
 * What an invoice PDF is rendered from: a typed document the orders and refunds code assembles from the
 * order as it was priced (`priceOrder`) or the credit note as it was made (`creditNote`), the shop's
 * details and the buyer's. The renderer reads nothing else, so the same document always gives the same
 * bytes.
 */
import type { CreditNoteLine, OrderPricing, Supply, TaxTotals } from '@bazaar/shared/gst';
import type { StateCode } from '@bazaar/shared/india';

export interface Supplier {
  /** The shop's name as registered (legal or trade name); also the signature line's "For …". */
  name: string;
  addressLines: readonly string[];
  stateCode: StateCode;
  /** Required on a tax invoice and a GST credit note; null in flat mode. */
  gstin: string | null;
  email?: string;
  phone?: string;
}

export interface Recipient {
  /** The person the goods go to. */
  name: string;
  /** The delivery address (line 1, line 2, landmark, city and pincode), as kept with the order. */
  addressLines: readonly string[];
  stateCode: StateCode;
  phone?: string;
  /** A B2B buyer: its GSTIN, its registered name and billing address (the delivery address otherwise). */
  business?: {
    gstin: string;
    legalName: string;
    billingAddressLines: readonly string[];
    billingStateCode: StateCode;
  };
}

interface DocumentBase {
  /** The document's number: INV/26-27/000123, CN/26-27/000007. */
  number: string;
  /** When it was issued; also the PDF's creation date, so a re-render is byte-identical. */
  issuedAt: Date;
  supplier: Supplier;
  recipient: Recipient;
  /** The order it belongs to, as the shopper sees it. */
  orderReference: string;
  /** Whether the tax is payable on reverse charge (Rule 46(p)); false for a shop's sales of goods. */
  reverseCharge: boolean;
}

/** GST mode: a tax invoice. `pricing` is the order's GST pricing with the delivery state known. */
export interface TaxInvoiceDocument extends DocumentBase {
  kind: 'tax-invoice';
  pricing: OrderPricing;
}

/** Flat mode: a plain invoice with the shop's tax line. */
export interface PlainInvoiceDocument extends DocumentBase {
  kind: 'invoice';
  pricing: OrderPricing;
}

/** A credit note in either mode, referring to its invoice. */
export interface CreditNoteDocument extends DocumentBase {
  kind: 'credit-note';
  mode: 'gst' | 'flat';
  /** The invoice's supply (its split of taxes), and the name of its state half. */
  supply: Supply;
  stateTaxName: 'SGST' | 'UTGST';
  placeOfSupplyStateCode: StateCode;
  invoice: { number: string; issuedAt: Date };
  reason: string;
  lines: readonly CreditNoteLine[];
  totals: TaxTotals;
}

export type InvoiceDocument = TaxInvoiceDocument | PlainInvoiceDocument | CreditNoteDocument;
