import type { OrderStatus } from '@bazaar/shared/constants';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, productVariants } from '../../db/schema/catalogue';
import {
  orderItems,
  orderStatusHistory,
  orderStatusTransitions,
  orders,
  payments,
} from '../../db/schema/orders';

/** The provider name of a payment an admin recorded by hand (cash, a bank transfer) with "Mark as Paid". */
export const MANUAL_PROVIDER = 'manual';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

export async function insertOrder(
  db: DbOrTx,
  order: NewOrder,
  items: readonly NewOrderItem[],
): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(order).returning();
  await db.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row!.id })));
  return row!;
}

export type StockReason = 'sale' | 'cancellation' | 'expiry' | 'return';

/**
 * Moves a variant's stock by `change` with its ledger row (`inventory_move`, migration 0033), in one
 * statement: a sale (`change` < 0) is refused when that many are not there or the variant is no
 * longer sold, so two orders racing for the last unit cannot both get it. The variant's row (and its
 * product's, whose count_in_stock follows) stays locked until the transaction ends. Undefined when
 * refused; else what is left.
 */
export async function moveStock(
  db: DbOrTx,
  variantId: string,
  change: number,
  reason: StockReason,
  orderId: string | null,
): Promise<{ left: number } | undefined> {
  const result = (await db.execute(
    sql`select inventory_move(${variantId}::uuid, ${change}::int, ${reason}::inventory_reason, ${orderId}::uuid, null, ${reason === 'sale'}) as "left"`,
  )) as unknown as { rows: { left: number | null }[] };
  const left = result.rows[0]?.left;
  return left === null || left === undefined ? undefined : { left: Number(left) };
}

/** Takes `quantity` units of a variant for an order (see moveStock). */
export function takeStock(
  db: DbOrTx,
  variantId: string,
  quantity: number,
  orderId: string | null,
): Promise<{ left: number } | undefined> {
  return moveStock(db, variantId, -quantity, 'sale', orderId);
}

/** Sets an unpaid order's deadline (checkout shortens it to that of the units it placed again). */
export async function setOrderExpiry(db: DbOrTx, id: string, expiresAt: Date): Promise<OrderRow> {
  const [row] = await db.update(orders).set({ expiresAt }).where(eq(orders.id, id)).returning();
  return row!;
}

/** A variant's product name and stock now (for the message of a refused reservation). */
export async function findVariantStock(
  db: DbOrTx,
  variantId: string,
): Promise<{ name: string; stock: number; archived: boolean } | undefined> {
  const [row] = await db
    .select({
      name: products.name,
      stock: productVariants.stock,
      active: productVariants.active,
      archivedAt: products.archivedAt,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  return row && { name: row.name, stock: row.stock, archived: row.archivedAt !== null || !row.active };
}

/**
 * The units of each variant an order holds, in (product, variant) order: the order every reservation
 * locks them in (a variant's row, then its product's). Lines whose variant has since gone are left out.
 */
export async function findOrderQuantities(
  db: DbOrTx,
  orderId: string,
  options: { outstanding?: boolean } = {},
): Promise<{ productId: string; variantId: string; name: string; quantity: number }[]> {
  // Outstanding: units cancelled or returned line by line are back on the shelf already.
  const units = options.outstanding
    ? sql<number>`sum(${orderItems.quantity} - ${orderItems.cancelledQuantity} - ${orderItems.returnedQuantity})::int`
    : sql<number>`sum(${orderItems.quantity})::int`;
  const rows = await db
    .select({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      name: sql<string>`min(${orderItems.name})`,
      quantity: units,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .groupBy(orderItems.productId, orderItems.variantId)
    .orderBy(asc(orderItems.productId), asc(orderItems.variantId));
  return rows.flatMap((r) =>
    r.productId && r.variantId ? [{ ...r, productId: r.productId, variantId: r.variantId }] : [],
  );
}

/** Units bought, cancelled before shipping and returned (received) over the order's lines. */
export async function sumLineUnits(
  db: DbOrTx,
  orderId: string,
): Promise<{ bought: number; cancelled: number; returned: number }> {
  const [row] = await db
    .select({
      bought: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
      cancelled: sql<number>`coalesce(sum(${orderItems.cancelledQuantity}), 0)::int`,
      returned: sql<number>`coalesce(sum(${orderItems.returnedQuantity}), 0)::int`,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return {
    bought: Number(row?.bought ?? 0),
    cancelled: Number(row?.cancelled ?? 0),
    returned: Number(row?.returned ?? 0),
  };
}

/** The order, locked until the transaction ends: payment callbacks and the expiry job take turns on it. */
export async function lockOrder(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/**
 * Claims up to `limit` unpaid orders whose payment window closed by `now` and that no process is
 * checking (none claimed them, or the claim is older than `staleMs`: that process died): locked
 * with SKIP LOCKED, so processes running the expiry at once each take different orders, and marked
 * claimed, so the provider can be asked about them outside any transaction.
 */
export function claimExpiredOrders(
  db: DbOrTx,
  now: Date,
  staleMs: number,
  limit: number,
): Promise<OrderRow[]> {
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'Pending'),
        lte(orders.expiresAt, now),
        or(isNull(orders.expiryClaimedAt), lt(orders.expiryClaimedAt, new Date(now.getTime() - staleMs))),
      ),
    )
    .orderBy(asc(orders.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(orders).set({ expiryClaimedAt: now }).where(inArray(orders.id, due)).returning();
}

/** How many of the user's orders are waiting for their payment. */
export async function countUnpaidOrders(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'Pending')));
  return row?.n ?? 0;
}

/** A shopper's orders, newest first, without the ones they deleted. */
export function findOrdersOfUser(db: DbOrTx, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), isNull(orders.shopperDeletedAt)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export async function findItemsOfOrders(db: DbOrTx, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.name), asc(orderItems.id));
}

/** Marks an order deleted by its shopper (it leaves their list); undone when a late payment honours it. */
export async function setShopperDeleted(db: DbOrTx, id: string, at: Date | null): Promise<void> {
  await db.update(orders).set({ shopperDeletedAt: at }).where(eq(orders.id, id));
}

/** The shipping address, name, phone and email of the user's latest order, to offer at the next checkout. */
export async function findLastDelivery(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      name: orders.name,
      email: orders.email,
      phone: orders.phone,
      shippingAddress: orders.shippingAddress,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row;
}

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

/** Records how a paid order was paid (null when it is no longer paid). */
export async function setPaidWith(db: DbOrTx, id: string, method: string | null): Promise<void> {
  await db.update(orders).set({ paidWith: method }).where(eq(orders.id, id));
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

/**
 * Puts the order's items back on the shelf with a ledger row each (variants since deleted are
 * skipped), in (product, variant) order: the order every reservation takes them in, so two
 * transactions never deadlock.
 */
export async function restockOrderItems(
  db: DbOrTx,
  orderId: string,
  reason: 'cancellation' | 'expiry' | 'return',
): Promise<void> {
  for (const line of await findOrderQuantities(db, orderId, { outstanding: true })) {
    if (line.quantity <= 0) continue;
    await moveStock(db, line.variantId, line.quantity, reason, orderId);
  }
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

/** The providers (other than a hand-recorded payment) that captured money for the order. */
export async function findOnlineCapturedProviders(db: DbOrTx, orderId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ provider: payments.provider })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'captured'),
        ne(payments.provider, MANUAL_PROVIDER),
      ),
    );
  return rows.map((r) => r.provider);
}

/** Hand-recorded payments that turned out to be a mistake: kept, marked void. */
export async function voidManualPayments(db: DbOrTx, orderId: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'voided' })
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, MANUAL_PROVIDER),
        eq(payments.status, 'captured'),
      ),
    );
}

/** No payment window: an order an admin put back to awaiting payment waits for an admin, not a timer. */
export async function clearPaymentWindow(db: DbOrTx, orderId: string): Promise<void> {
  await db.update(orders).set({ expiresAt: null }).where(eq(orders.id, orderId));
}
