export type {
  CreditNoteDocument,
  InvoiceDocument,
  PlainInvoiceDocument,
  Recipient,
  Supplier,
  TaxInvoiceDocument,
} from './invoice-document';
export { renderInvoicePdf } from './render-invoice-pdf';
