import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems } from '../../db/schema/orders';
import { conflict } from '../../lib/errors';
import { moveStock } from './orders.repo';

/**
 * Puts `quantity` units of one order line back on the shelf and counts them on the line as cancelled
 * (before shipping) or returned (received back), in the caller's transaction: the line's variant gets
 * them back with a ledger row naming the order (migration 0033). The line's counters
 * never pass what it bought (the conditional update here, and a CHECK); whole-order restocks leave
 * these units out (orders.repo.ts `restockOrderItems`).
 */
export async function restockOrderLine(
  tx: DbOrTx,
  orderItemId: string,
  quantity: number,
  as: 'cancelled' | 'returned',
): Promise<void> {
  const counter = as === 'cancelled' ? orderItems.cancelledQuantity : orderItems.returnedQuantity;
  const [line] = await tx
    .update(orderItems)
    .set(
      as === 'cancelled'
        ? { cancelledQuantity: sql`${counter} + ${quantity}` }
        : { returnedQuantity: sql`${counter} + ${quantity}` },
    )
    .where(
      and(
        eq(orderItems.id, orderItemId),
        sql`${orderItems.cancelledQuantity} + ${orderItems.returnedQuantity} + ${quantity} <= ${orderItems.quantity}`,
      ),
    )
    .returning({ orderId: orderItems.orderId, variantId: orderItems.variantId });
  if (!line) throw conflict('Those units of this order were already given back.');
  // A variant (or product) deleted since keeps nothing to restock.
  if (line.variantId) {
    await moveStock(
      tx,
      line.variantId,
      quantity,
      as === 'cancelled' ? 'cancellation' : 'return',
      line.orderId,
    );
  }
}
