import type { Tx } from '../../db/client';
import { conflict } from '../../lib/errors';
import type { NotifyService } from '../notify/index';
import { type Actor, moveOrder } from './order-lifecycle';
import { orderNumber } from './order-number';
import type { OrderRow } from './orders.repo';
import type { OrderPayments } from './payment-ports';

export interface CancelDeps {
  payments: Pick<OrderPayments, 'refundCancelled'>;
  notify: Pick<NotifyService, 'enqueue'>;
}

/**
 * Cancels a locked order that has not shipped, in `tx`: the lifecycle gives stock and the coupon's use
 * back; a paid order's money is refunded in full (what remains of it), recorded in the same
 * transaction and asked of the provider once it commits; the shopper is told. Returns the paise refunded.
 */
export async function cancelOrder(
  tx: Tx,
  deps: CancelDeps,
  order: OrderRow,
  actor: Actor,
  input: { reason: string; at: Date },
): Promise<number> {
  if (
    order.status !== 'Pending' &&
    order.status !== 'Processing' &&
    order.status !== 'Awaiting confirmation'
  ) {
    throw conflict(
      order.status === 'Cancelled'
        ? 'This order is already cancelled.'
        : `This order is ${order.status}: only an order that has not shipped can be cancelled.`,
    );
  }
  await moveOrder(tx, order, 'Cancelled', actor, { at: input.at, note: `Cancelled: ${input.reason}` });
  const refundPaise = order.paidAt
    ? await deps.payments.refundCancelled(
        tx,
        order,
        input.reason,
        actor.kind === 'system' ? null : actor.userId,
      )
    : 0;
  await deps.notify.enqueue(
    tx,
    'order_cancelled',
    { email: order.email, phone: order.phone },
    { name: order.name, orderNumber: orderNumber(order.id), what: 'your order', refundPaise },
    { orderId: order.id },
  );
  return refundPaise;
}
