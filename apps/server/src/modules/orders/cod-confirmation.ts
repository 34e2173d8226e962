import { createHmac, timingSafeEqual } from 'node:crypto';
import { normaliseIndianMobile } from '@bazaar/shared/schemas/phone';
import type { DbOrTx } from '../../db/client';
import type { NotifyService } from '../notify/index';
import { orderNumber } from './order-number';
import type { OrderRow } from './orders.repo';

// The signed link a cash-on-delivery order is confirmed with: `<order id>.<HMAC of it>`, keyed by the
// shop's secret (one per shop, shared by its processes). It names one order and proves the shop wrote
// it; it needs no expiry of its own, since only an order still awaiting confirmation can be confirmed,
// and the shop cancels those at their deadline. Nothing is stored: any process can check it.

const PURPOSE = 'cod-confirm:';

function mac(secret: string, orderId: string): string {
  return createHmac('sha256', secret)
    .update(PURPOSE + orderId)
    .digest('base64url');
}

/** The token of the confirmation link for `orderId`. */
export function codConfirmToken(secret: string, orderId: string): string {
  return `${orderId}.${mac(secret, orderId)}`;
}

/** The order a confirmation token names, when the shop signed it (constant time); else undefined. */
export function orderOfCodToken(secret: string, token: string): string | undefined {
  const dot = token.indexOf('.');
  if (dot <= 0) return undefined;
  const orderId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, orderId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? orderId : undefined;
}

/** The web page the link opens (apps/web: /confirm-cod), which confirms with one press. */
export function codConfirmUrl(publicUrl: string, secret: string, orderId: string): string {
  const token = encodeURIComponent(codConfirmToken(secret, orderId));
  return `${publicUrl.replace(/\/+$/, '')}/confirm-cod?token=${token}`;
}

/**
 * Queues the confirmation request in `tx` (the outbox: mail, and WhatsApp where the shop configured
 * it and the shopper gave an Indian mobile number), sent once the order commits.
 */
export async function queueCodConfirmation(
  tx: DbOrTx,
  deps: { notify: Pick<NotifyService, 'enqueue'>; publicUrl: string; secret: string },
  order: OrderRow,
): Promise<void> {
  const phone = normaliseIndianMobile(order.phone) ? order.phone : null;
  await deps.notify.enqueue(
    tx,
    'cod_confirmation',
    { email: order.email, phone },
    {
      name: order.name,
      orderNumber: orderNumber(order.id),
      totalPaise: order.totalPaise,
      confirmUrl: codConfirmUrl(deps.publicUrl, deps.secret, order.id),
    },
    { orderId: order.id },
  );
}
