import { normaliseIndianMobile } from '@bazaar/shared/schemas/phone';
import type { DbOrTx } from '../../db/client';
import type { NotifyService } from '../notify/index';
import { orderNumber } from './order-number';
import type { OrderRow } from './orders.repo';

/**
 * "Order placed" by SMS/WhatsApp, queued in `tx` when an order is taken for good: paid online, or a
 * cash-on-delivery order confirmed. Only to the phone (the paid order's mail is the confirmation
 * mail; a COD order had its mail asking to confirm) and only where the shopper gave an Indian mobile
 * number and the shop configured a phone provider (else the outbox gets nothing). The outbox's key
 * `order_placed:<order id>` sends it once, whichever path gets there first or again.
 */
export async function queueOrderPlaced(
  tx: DbOrTx,
  notify: Pick<NotifyService, 'enqueue'>,
  order: Pick<OrderRow, 'id' | 'name' | 'phone' | 'totalPaise'>,
): Promise<void> {
  if (!order.phone || !normaliseIndianMobile(order.phone)) return;
  await notify.enqueue(
    tx,
    'order_placed',
    { phone: order.phone },
    { name: order.name, orderNumber: orderNumber(order.id), totalPaise: order.totalPaise },
    { orderId: order.id },
  );
}
