import { formatINR, paiseToRupees } from '@bazaar/shared';
import type { ShippingAddress } from '../../db/schema/orders';
import type { MailMessage } from '../../lib/mailer/index';
import { orderNumber } from './order-number';
import type { OrderItemRow, OrderRow } from './orders.repo';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const inr = (paise: number) => formatINR(paiseToRupees(paise));

function addressLines(a: ShippingAddress): string[] {
  return [
    [a.apartment, a.building, a.floor].filter(Boolean).join(', '),
    a.street,
    a.landmark ?? '',
    [a.city, a.state].filter(Boolean).join(', '),
    [a.pinCode, a.country].filter(Boolean).join(', '),
  ].filter((line) => line.trim() !== '');
}

function unitPaise(item: OrderItemRow): number {
  return item.unitPricePaise - Math.floor((item.unitPricePaise * item.discount) / 100);
}

/** The mail a paid order sends its shopper: what they bought, what they paid, where it goes. */
export function orderConfirmationMail(
  shopName: string,
  order: OrderRow,
  items: readonly OrderItemRow[],
  ordersUrl: string,
): MailMessage {
  const number = orderNumber(order.id);
  const lines = items.map((item) => {
    const variant = [item.colour, item.size].filter(Boolean).join(', ');
    return {
      text: `${item.name}${variant ? ` (${variant})` : ''} × ${item.quantity}`,
      amount: inr(unitPaise(item) * item.quantity),
    };
  });
  const figures: [string, number][] = [
    ['Subtotal', order.subtotalPaise],
    ...(order.discountPaise > 0
      ? ([[`Coupon ${order.couponCode ?? ''} (-${order.couponDiscount}%)`, -order.discountPaise]] as [
          string,
          number,
        ][])
      : []),
    ['Shipping', order.shippingPaise],
    ['Tax', order.taxPaise],
  ];
  const money = (paise: number) => (paise < 0 ? `-${inr(-paise)}` : inr(paise));
  const address = addressLines(order.shippingAddress);
  const text = [
    `Hello ${order.name},`,
    '',
    `Thank you for your order #${number}. We received your payment and are preparing it for dispatch.`,
    '',
    ...lines.map((l) => `${l.text}: ${l.amount}`),
    '',
    ...figures.map(([label, paise]) => `${label}: ${money(paise)}`),
    `Total paid: ${inr(order.totalPaise)}`,
    '',
    'Delivering to:',
    order.name,
    ...address,
    `Phone: ${order.phone}`,
    '',
    `Follow your order in your order history: ${ordersUrl}`,
    '',
    shopName,
  ].join('\n');
  const row = (label: string, value: string, strong = false) =>
    `<tr><td style="padding:4px 12px 4px 0">${strong ? `<strong>${esc(label)}</strong>` : esc(label)}</td><td style="padding:4px 0;text-align:right">${strong ? `<strong>${esc(value)}</strong>` : esc(value)}</td></tr>`;
  const html = [
    `<p>Hello ${esc(order.name)},</p>`,
    `<p>Thank you for your order <strong>#${esc(number)}</strong>. We received your payment and are preparing it for dispatch.</p>`,
    '<table style="border-collapse:collapse">',
    ...lines.map((l) => row(l.text, l.amount)),
    ...figures.map(([label, paise]) => row(label, money(paise))),
    row('Total paid', inr(order.totalPaise), true),
    '</table>',
    `<p>Delivering to:<br>${[order.name, ...address, `Phone: ${order.phone}`].map(esc).join('<br>')}</p>`,
    `<p><a href="${esc(ordersUrl)}">Follow your order in your order history</a>.</p>`,
    `<p>${esc(shopName)}</p>`,
  ].join('');
  return {
    to: order.email,
    subject: `${shopName}: order #${number} confirmed`,
    text,
    html,
  };
}
