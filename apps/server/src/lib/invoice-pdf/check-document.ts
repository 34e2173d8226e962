/**
 * What must hold before a document is rendered. The orders and refunds code assembles documents from
 * its own records, so a failure here is a bug (an Error, a 500), never a shopper's mistake.
 */
import { checkGstin, MAX_DOCUMENT_NUMBER_LENGTH } from '@bazaar/shared/gst';
import { isStateCode } from '@bazaar/shared/india';
import type { InvoiceDocument } from './invoice-document';

const NUMBER = /^[A-Za-z0-9/-]+$/;

export function checkDocument(doc: InvoiceDocument): void {
  const fail = (why: string) => {
    throw new Error(`Cannot render ${doc.kind} ${doc.number}: ${why}`);
  };
  if (!NUMBER.test(doc.number) || doc.number.length > MAX_DOCUMENT_NUMBER_LENGTH) {
    fail('the number must be at most 16 letters, digits, "-" or "/"');
  }
  if (Number.isNaN(doc.issuedAt.getTime())) fail('no date of issue');
  for (const code of [doc.supplier.stateCode, doc.recipient.stateCode]) {
    if (!isStateCode(code)) fail(`${code} is not a state code`);
  }
  const gst = doc.kind === 'credit-note' ? doc.mode === 'gst' : doc.kind === 'tax-invoice';
  if (gst) {
    const gstin = doc.supplier.gstin ? checkGstin(doc.supplier.gstin) : null;
    if (!gstin?.ok) fail('the shop’s GSTIN is missing or invalid');
    else if (gstin.stateCode !== doc.supplier.stateCode) fail('the shop’s GSTIN is not of its state');
  }
  const business = doc.recipient.business;
  if (business && !checkGstin(business.gstin).ok) fail('the buyer’s GSTIN is invalid');
  if (doc.kind === 'tax-invoice') {
    const p = doc.pricing;
    if (p.mode !== 'gst') fail('a tax invoice needs GST pricing');
    if (p.supply !== 'intra' && p.supply !== 'inter') fail('the place of supply is not known');
    if (p.shopStateCode !== doc.supplier.stateCode) fail('the pricing’s shop state is not the supplier’s');
    if (p.placeOfSupplyStateCode !== doc.recipient.stateCode)
      fail('the place of supply is not the delivery state');
  }
  if (doc.kind === 'invoice' && doc.pricing.mode !== 'flat') fail('a plain invoice needs flat pricing');
  if (doc.kind === 'credit-note') {
    if (doc.lines.length === 0) fail('a credit note needs lines');
    if (doc.mode === 'gst' && doc.supply !== 'intra' && doc.supply !== 'inter') fail('no place of supply');
  }
}
