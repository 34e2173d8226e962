import type { OrderPricing } from '@bazaar/shared/gst';
import { isStateCode } from '@bazaar/shared/india';
import type { InvoiceDocument, Recipient, Supplier } from '../../lib/invoice-pdf/index';

/** What an invoice needs of an order (the orders module passes its row; nothing else is read). */
export interface InvoicedOrder {
  id: string;
  /** The number the shopper quotes (orders' orderNumber). */
  reference: string;
  name: string;
  phone: string;
  shippingAddress: {
    street: string;
    apartment?: string;
    landmark?: string;
    city: string;
    state?: string;
    pinCode: string;
    stateCode?: string;
    recipientName?: string;
    recipientPhone?: string;
  };
  pricing: OrderPricing | null;
  buyerGstin: string | null;
  buyerLegalName: string | null;
}

export interface ShopDetails {
  name: string;
  address: string | null;
  email: string | null;
  phone: string | null;
  gstin: string | null;
  stateCode: string | null;
}

function addressLines(a: InvoicedOrder['shippingAddress']): string[] {
  return [a.street, a.apartment, a.landmark, `${a.city} ${a.pinCode}`].filter((l): l is string => !!l);
}

/**
 * The invoice document of a paid order, or null when the order cannot have one: placed before orders
 * kept their pricing, or delivered to an address whose state is not known (decision 194).
 */
export function invoiceDocument(
  order: InvoicedOrder,
  shop: ShopDetails,
  number: string,
  issuedAt: Date,
): InvoiceDocument | null {
  const pricing = order.pricing;
  const deliveryState = order.shippingAddress.stateCode;
  if (!pricing || !deliveryState || !isStateCode(deliveryState)) return null;
  const gst = pricing.mode === 'gst';
  const supplierState = gst ? pricing.shopStateCode : (shop.stateCode ?? deliveryState);
  if (!supplierState) return null;
  const lines = addressLines(order.shippingAddress);
  const recipient: Recipient = {
    name: order.shippingAddress.recipientName ?? order.name,
    addressLines: lines,
    stateCode: deliveryState,
    phone: order.shippingAddress.recipientPhone ?? order.phone,
    ...(order.buyerGstin
      ? {
          business: {
            gstin: order.buyerGstin,
            legalName: order.buyerLegalName ?? order.name,
            billingAddressLines: lines,
            billingStateCode: order.buyerGstin.slice(0, 2),
          },
        }
      : {}),
  };
  const supplier: Supplier = {
    name: shop.name,
    addressLines: (shop.address ?? '')
      .split(/\n|,\s*(?=\S)/)
      .map((l) => l.trim())
      .filter(Boolean),
    stateCode: supplierState,
    gstin: gst ? shop.gstin : null,
    ...(shop.email ? { email: shop.email } : {}),
    ...(shop.phone ? { phone: shop.phone } : {}),
  };
  return {
    kind: gst ? 'tax-invoice' : 'invoice',
    number,
    issuedAt,
    supplier,
    recipient,
    orderReference: order.reference,
    reverseCharge: false,
    pricing,
  };
}
