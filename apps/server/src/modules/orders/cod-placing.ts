import { COD_LIMITS, type CodOrderReply, type OrderPricing, paiseToRupees } from '@bazaar/shared';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { conflict } from '../../lib/errors';
import type { NotifyService } from '../notify/index';
import type { CheckoutCart } from './checkout-ports';
import { COD_METHOD } from './cod.repo';
import type { CodOffer } from './cod-checkout';
import { queueCodConfirmation } from './cod-confirmation';
import { orderNumber } from './order-number';
import type { OrderRow } from './orders.repo';

const HOUR_MS = 60 * 60_000;

/** What placing an order paid on delivery changes in OrdersService.place. */
export interface CodPlacing {
  pricing: OrderPricing;
  /** Written over the order's online defaults. */
  order: {
    status: 'Awaiting confirmation';
    paymentMethod: string;
    isTest: false;
    codFeePaise: number;
    expiresAt: Date;
  };
  note: string;
}

/**
 * The order's COD terms, or a 409 with why COD is not offered. A COD order awaits the shopper's
 * confirmation until `COD_LIMITS.confirmHours` after placing (its `expires_at`, which the COD job
 * reads); its cash is real money, so it is never a test order, even beside the payments sandbox.
 */
export function codPlacing(offer: CodOffer, now: Date): CodPlacing {
  if (!offer.available) throw conflict(offer.reason);
  return {
    pricing: offer.pricing,
    order: {
      status: 'Awaiting confirmation',
      paymentMethod: COD_METHOD,
      isTest: false,
      codFeePaise: offer.feePaise,
      expiresAt: new Date(now.getTime() + COD_LIMITS.confirmHours * HOUR_MS),
    },
    note: `placed for cash on delivery; stock reserved; awaiting the shopper's confirmation for ${COD_LIMITS.confirmHours} hours`,
  };
}

/**
 * In the placing transaction: the cart is emptied (the order is taken now, not when paid) and the
 * confirmation request goes to the outbox with the order.
 */
export async function placedCod(
  tx: DbOrTx,
  deps: {
    notify: Pick<NotifyService, 'enqueue'>;
    config: Pick<AppConfig, 'publicUrl' | 'jwtSecret'>;
    cart: Pick<CheckoutCart, 'clear'>;
  },
  order: OrderRow,
): Promise<void> {
  if (order.userId) await deps.cart.clear(tx, order.userId);
  await queueCodConfirmation(
    tx,
    { notify: deps.notify, publicUrl: deps.config.publicUrl, secret: deps.config.jwtSecret },
    order,
  );
}

export function codOrderReply(order: OrderRow): CodOrderReply {
  return {
    orderId: order.id,
    orderNumber: orderNumber(order.id),
    paymentMethod: 'cod',
    status: order.status,
    total: paiseToRupees(order.totalPaise),
    codFee: paiseToRupees(order.codFeePaise),
    confirmBy: (order.expiresAt ?? order.createdAt).toISOString(),
  };
}
