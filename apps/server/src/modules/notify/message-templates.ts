import { formatINR, paiseToRupees } from '@bazaar/shared';
import type { MessagePurpose } from '@bazaar/shared/schemas/messages';

/** What each purpose needs from its caller. Amounts are integer paise; links are whole URLs. */
export interface PurposeParams {
  order_placed: { name: string; orderNumber: string; totalPaise: number };
  /** `confirmUrl` is the signed link the shopper confirms with: sent, then removed from the outbox. */
  cod_confirmation: { name: string; orderNumber: string; totalPaise: number; confirmUrl: string };
  /** The admin sent the shopper a way to pay an unpaid order: `payUrl` the link, or the order's page. */
  payment_link: { name: string; orderNumber: string; totalPaise: number; payUrl: string };
  order_shipped: {
    name: string;
    orderNumber: string;
    courier: string;
    trackingNumber: string;
    /** The courier's tracking page, or the order's page in the shop. */
    trackingUrl: string;
  };
  order_delivered: { name: string; orderNumber: string };
  /** `what`: "your order" or "2 items of your order"; `refundPaise` 0 when nothing was paid. */
  order_cancelled: { name: string; orderNumber: string; what: string; refundPaise: number };
  refund_issued: { name: string; orderNumber: string; amountPaise: number };
  /** `what`: "1 item" or "3 items". */
  return_requested: { name: string; orderNumber: string; what: string };
  /** To the shop's own address: a return waits for an admin. */
  return_to_review: { customer: string; orderNumber: string; what: string };
  /** `message`: the shop's note (how to send the parcel), or empty. */
  return_approved: { name: string; orderNumber: string; message: string };
  return_rejected: { name: string; orderNumber: string; message: string };
  /**
   * A guest's back-in-stock request (modules/stock-alerts): `confirmUrl` the signed link that starts it
   * (a secret), `unsubscribeUrl` the one-click link that cancels it. `product` names the variant.
   */
  stock_alert_confirm: { product: string; productUrl: string; confirmUrl: string; unsubscribeUrl: string };
  /** The one mail of an alert, when its variant is restocked. */
  back_in_stock: { product: string; productUrl: string; unsubscribeUrl: string };
  /** The admin's test of the WhatsApp set-up. */
  test: Record<string, never>;
}

/**
 * A WhatsApp message template as the shop registers it with Meta (WhatsApp Manager → Message
 * templates → Create, category Utility): its name, and its body with {{1}}, {{2}}, … in the order
 * `parameters` fills them. The README lists them for a shop to register.
 */
export interface WhatsAppTemplate {
  name: string;
  /** The language the shop registered it in; undefined: WHATSAPP_TEMPLATE_LANGUAGE. */
  language?: string;
  body: string;
}

/** A message rendered for its channels. */
export interface RenderedMessage {
  subject: string;
  /** The mail's text. */
  text: string;
  /** The WhatsApp template's values, in order. */
  parameters: string[];
  /** Parts that work as keys (a signed link). */
  secrets: string[];
  /** Mail headers (List-Unsubscribe, RFC 8058 one-click), when the message has them. */
  headers?: Record<string, string>;
}

export const WHATSAPP_TEMPLATES: Record<MessagePurpose, WhatsAppTemplate> = {
  order_placed: {
    name: 'bazaar_order_placed',
    body: 'Hi {{1}}, thank you for your order #{{2}} of {{3}} at {{4}}. We will message you when it ships.',
  },
  cod_confirmation: {
    name: 'bazaar_cod_confirmation',
    body: 'Hi {{1}}, please confirm your cash on delivery order #{{2}} of {{3}} at {{4}} so we can ship it: {{5}}',
  },
  payment_link: {
    name: 'bazaar_payment_link',
    body: 'Hi {{1}}, you can pay {{2}} for your order #{{3}} at {{4}} online here: {{5}}',
  },
  order_shipped: {
    name: 'bazaar_order_shipped',
    body: 'Hi {{1}}, your order #{{2}} from {{3}} is on its way with {{4}} (tracking number {{5}}). Track it: {{6}}',
  },
  order_delivered: {
    name: 'bazaar_order_delivered',
    body: 'Hi {{1}}, your order #{{2}} from {{3}} has been delivered. Thank you for shopping with us.',
  },
  order_cancelled: {
    name: 'bazaar_order_cancelled',
    body: 'Hi {{1}}, {{2}} #{{3}} at {{4}} has been cancelled. {{5}}',
  },
  refund_issued: {
    name: 'bazaar_refund_issued',
    body: 'Hi {{1}}, a refund of {{2}} for your order #{{3}} at {{4}} has been issued. Banks take 5–7 working days to show it.',
  },
  return_requested: {
    name: 'bazaar_return_requested',
    body: 'Hi {{1}}, we have your request to return {{2}} of order #{{3}} at {{4}}. We will reply soon.',
  },
  return_to_review: {
    name: 'bazaar_return_to_review',
    body: '{{1}} asks to return {{2}} of order #{{3}} at {{4}}. Approve or reject it on the order.',
  },
  return_approved: {
    name: 'bazaar_return_approved',
    body: 'Hi {{1}}, your return for order #{{2}} at {{3}} is approved. {{4}}',
  },
  return_rejected: {
    name: 'bazaar_return_rejected',
    body: 'Hi {{1}}, your return for order #{{2}} at {{3}} was not accepted: {{4}}',
  },
  // Back-in-stock mail goes by email only (stock-alerts enqueues no phone): these are never sent.
  stock_alert_confirm: {
    name: 'bazaar_stock_alert_confirm',
    body: 'Please confirm: we will tell you when {{1}} is back at {{2}}: {{3}}',
  },
  back_in_stock: {
    name: 'bazaar_back_in_stock',
    body: '{{1}} is back in stock at {{2}}: {{3}}',
  },
  // Meta's sample template, which every new WhatsApp Business account has: a set-up check needs
  // nothing registered.
  test: { name: 'hello_world', language: 'en_US', body: 'Hello World' },
};

const inr = (paise: number) => formatINR(paiseToRupees(paise));

/** RFC 8058 one-click unsubscribe: mail programs POST `List-Unsubscribe=One-Click` to the link. */
const oneClick = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * A template value as WhatsApp accepts it: no line breaks, tabs or other control characters, no run
 * of 4 spaces, not empty, and short (a name cannot fill the message).
 */
export function templateValue(value: string, max = 200): string {
  const flat = value
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  const cut = [...flat].slice(0, max).join('');
  return cut === '' ? '-' : cut;
}

/** The template's body with its values put in: what the shopper reads, and what the admin's list shows. */
export function fillTemplate(body: string, parameters: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => parameters[Number(n) - 1] ?? whole);
}

/** The message of `purpose`, for mail and WhatsApp alike; `shop` is the shop's name from its settings. */
export function renderMessage<P extends MessagePurpose>(
  purpose: P,
  params: PurposeParams[P],
  shop: string,
): RenderedMessage {
  const p = params as PurposeParams[MessagePurpose] & Record<string, unknown>;
  const v = (key: string, max?: number) => templateValue(String(p[key] ?? ''), max);
  const name = v('name', 60);
  const number = v('orderNumber', 40);
  const shopName = templateValue(shop, 60);
  switch (purpose) {
    case 'order_placed': {
      const total = inr(p.totalPaise as number);
      return {
        subject: `${shopName}: order #${number} placed`,
        text: `Hi ${name},\n\nThank you for your order #${number} of ${total}. We will write again when it ships.\n\n${shopName}`,
        parameters: [name, number, total, shopName],
        secrets: [],
      };
    }
    case 'cod_confirmation': {
      const total = inr(p.totalPaise as number);
      const link = v('confirmUrl', 1000);
      return {
        subject: `${shopName}: please confirm your cash on delivery order #${number}`,
        text: `Hi ${name},\n\nPlease confirm your cash on delivery order #${number} of ${total}, so we can ship it:\n${link}\n\n${shopName}`,
        parameters: [name, number, total, shopName, link],
        secrets: [link],
      };
    }
    case 'payment_link': {
      const total = inr(p.totalPaise as number);
      const link = v('payUrl', 1000);
      // Not a secret: the link pays this order and nothing else, and the admin's outbox shows it.
      return {
        subject: `${shopName}: pay for your order #${number} online`,
        text: `Hi ${name},\n\nYou can pay ${total} for your order #${number} online here:\n${link}\n\n${shopName}`,
        parameters: [name, total, number, shopName, link],
        secrets: [],
      };
    }
    case 'order_shipped': {
      const courier = v('courier', 60);
      const tracking = v('trackingNumber', 60);
      const link = v('trackingUrl', 1000);
      return {
        subject: `${shopName}: order #${number} shipped`,
        text: `Hi ${name},\n\nYour order #${number} is on its way with ${courier} (tracking number ${tracking}).\nTrack it: ${link}\n\n${shopName}`,
        parameters: [name, number, shopName, courier, tracking, link],
        secrets: [],
      };
    }
    case 'order_delivered':
      return {
        subject: `${shopName}: order #${number} delivered`,
        text: `Hi ${name},\n\nYour order #${number} has been delivered. Thank you for shopping with us.\n\n${shopName}`,
        parameters: [name, number, shopName],
        secrets: [],
      };
    case 'order_cancelled': {
      const what = v('what', 60);
      const refund =
        (p.refundPaise as number) > 0
          ? `A refund of ${inr(p.refundPaise as number)} is on its way.`
          : 'Nothing was charged.';
      return {
        subject: `${shopName}: order #${number} cancelled`,
        text: `Hi ${name},\n\n${what[0]!.toUpperCase()}${what.slice(1)} #${number} has been cancelled. ${refund}\n\n${shopName}`,
        parameters: [name, what, number, shopName, refund],
        secrets: [],
      };
    }
    case 'refund_issued': {
      const amount = inr(p.amountPaise as number);
      return {
        subject: `${shopName}: refund of ${amount} for order #${number}`,
        text: `Hi ${name},\n\nA refund of ${amount} for your order #${number} has been issued. Banks take 5–7 working days to show it.\n\n${shopName}`,
        parameters: [name, amount, number, shopName],
        secrets: [],
      };
    }
    case 'return_requested': {
      const what = v('what', 60);
      return {
        subject: `${shopName}: return requested for order #${number}`,
        text: `Hi ${name},\n\nWe have your request to return ${what} of order #${number}. We will reply soon.\n\n${shopName}`,
        parameters: [name, what, number, shopName],
        secrets: [],
      };
    }
    case 'return_to_review': {
      const customer = v('customer', 60);
      const what = v('what', 60);
      return {
        subject: `${shopName}: return to review for order #${number}`,
        text: `${customer} asks to return ${what} of order #${number}.\nApprove or reject it on the order's page in the admin area.\n\n${shopName}`,
        parameters: [customer, what, number, shopName],
        secrets: [],
      };
    }
    case 'return_approved': {
      const message =
        String(p.message ?? '').trim() === ''
          ? 'We will refund you once the goods reach us.'
          : v('message', 500);
      return {
        subject: `${shopName}: return approved for order #${number}`,
        text: `Hi ${name},\n\nYour return for order #${number} is approved. ${message}\n\n${shopName}`,
        parameters: [name, number, shopName, message],
        secrets: [],
      };
    }
    case 'return_rejected': {
      const message = v('message', 500);
      return {
        subject: `${shopName}: return for order #${number} not accepted`,
        text: `Hi ${name},\n\nYour return for order #${number} was not accepted: ${message}\n\n${shopName}`,
        parameters: [name, number, shopName, message],
        secrets: [],
      };
    }
    case 'stock_alert_confirm': {
      const product = v('product', 120);
      const link = v('confirmUrl', 1000);
      const leave = v('unsubscribeUrl', 1000);
      return {
        subject: `${shopName}: confirm your back-in-stock alert for ${product}`,
        text: `Hello,\n\nYou asked us to tell you when ${product} is back in stock. Please confirm by opening this link:\n${link}\n\nWe will then send you one email when it is back. If you did not ask for this, ignore this mail, or cancel it here:\n${leave}\n\n${shopName}`,
        parameters: [product, shopName, link],
        secrets: [link],
        headers: oneClick(leave),
      };
    }
    case 'back_in_stock': {
      const product = v('product', 120);
      const url = v('productUrl', 1000);
      const leave = v('unsubscribeUrl', 1000);
      return {
        subject: `${shopName}: ${product} is back in stock`,
        text: `Hello,\n\nGood news: ${product} is back in stock. It may sell out again soon:\n${url}\n\nThis is the one email you asked for; we will not write about it again. Unsubscribe:\n${leave}\n\n${shopName}`,
        parameters: [product, shopName, url],
        secrets: [],
        headers: oneClick(leave),
      };
    }
    case 'test':
      return {
        subject: `${shopName}: test message`,
        text: `A test message from ${shopName}: messages to shoppers reach this address.`,
        parameters: [],
        secrets: [],
      };
    default:
      throw new Error(`no message for ${String(purpose)}`);
  }
}
