import type { OrderStatus } from '@bazaar/shared/constants';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import {
  orderItems,
  orderStatusHistory,
  orderStatusTransitions,
  orders,
  payments,
} from '../../db/schema/orders';

export type OrderRow = typeof orders.$inferSelect;

export async function findOrderById(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/**
 * Moves the order from `from` to `to` (and sets the facts that come with it),
 * only if it is still at `from`: two moves racing from one status cannot both
 * happen. Undefined when the order is no longer there or no longer at `from`.
 */
export async function updateOrderStatus(
  db: DbOrTx,
  id: string,
  from: OrderStatus,
  to: OrderStatus,
  facts: { paidAt?: Date | null; deliveredAt?: Date | null },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: to, ...facts })
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning();
  return row;
}

export async function insertStatusHistory(
  db: DbOrTx,
  entry: {
    orderId: string;
    fromStatus: OrderStatus | null;
    toStatus: OrderStatus;
    actor: 'shopper' | 'admin' | 'system';
    changedBy: string | null;
    note: string | null;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(orderStatusHistory).values(entry);
}

export function findStatusHistory(db: DbOrTx, orderId: string) {
  return db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.createdAt, orderStatusHistory.id);
}

/** Puts the order's items back on the shelf (products since deleted are skipped). */
export async function restockOrderItems(db: DbOrTx, orderId: string): Promise<void> {
  const taken = db
    .select({
      productId: orderItems.productId,
      quantity: sql<number>`sum(${orderItems.quantity})`.as('quantity'),
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .groupBy(orderItems.productId)
    .as('taken');
  await db
    .update(products)
    .set({ countInStock: sql`${products.countInStock} + ${taken.quantity}` })
    .from(taken)
    .where(eq(products.id, taken.productId));
}

/** Whether a captured payment covers the order's total. */
export async function hasCapturedPayment(db: DbOrTx, orderId: string, totalPaise: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'captured'),
        gte(payments.amountPaise, totalPaise),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The (from, to) pairs the database allows: the trigger's table. */
export function findAllowedMoves(db: DbOrTx): Promise<{ fromStatus: OrderStatus; toStatus: OrderStatus }[]> {
  return db.select().from(orderStatusTransitions);
}
