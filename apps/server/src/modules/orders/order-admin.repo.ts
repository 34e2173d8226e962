import { randomUUID } from 'node:crypto';
import { ORDER_STATUS_RANK, type OrderStatus } from '@bazaar/shared';
import { and, asc, count, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { orderItems, orderStatusHistory, orders, payments } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { MANUAL_PROVIDER, type OrderRow } from './orders.repo';

export type PaymentRow = typeof payments.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** An order with the account that placed it (null fields once the account is deleted) and its item count. */
export interface OrderWithCustomer extends OrderRow {
  account: { id: string; name: string; email: string; profileImage: string | null } | null;
  itemCount: number;
}

export interface OrderFilter {
  /** Lower-case search term. */
  search?: string | undefined;
  status?: OrderStatus | undefined;
}

const address = (field: string) => sql`lower(coalesce(${orders.shippingAddress}->>${field}, ''))`;

/**
 * The spec's fields: the customer's name, email and id (the order's own copy and the account's),
 * the order id, shipping address, city, postal code and country (and state), payment method,
 * payment email and item names.
 */
function matches(term: string): SQL {
  const p = likePattern(term);
  return sql`(lower(${orders.name}) like ${p} or lower(${orders.email}) like ${p}
    or lower(coalesce(${users.name}, '')) like ${p} or lower(coalesce(${users.email}, '')) like ${p}
    or ${orders.id}::text like ${p} or coalesce(${orders.userId}::text, '') like ${p}
    or ${address('street')} like ${p} or ${address('apartment')} like ${p} or ${address('city')} like ${p}
    or ${address('state')} like ${p} or ${address('pinCode')} like ${p} or ${address('country')} like ${p}
    or lower(${orders.paymentMethod}) like ${p}
    or exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id}
      and lower(coalesce(${payments.email}, '')) like ${p})
    or exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id}
      and lower(${orderItems.name}) like ${p}))`;
}

function whereOf(filter: OrderFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.search) conditions.push(matches(filter.search));
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  return conditions.length ? and(...conditions) : undefined;
}

const statusRank = sql`case ${orders.status} ${sql.join(
  Object.entries(ORDER_STATUS_RANK).map(([status, rank]) => sql`when ${status} then ${rank}`),
  sql` `,
)} else 99 end`;

const itemCount = sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems}
  where ${orderItems.orderId} = ${orders.id})`;

const withCustomerColumns = {
  order: orders,
  accountId: users.id,
  accountName: users.name,
  accountEmail: users.email,
  accountImage: users.profileImage,
  itemCount,
};

type JoinedRow = {
  order: OrderRow;
  accountId: string | null;
  accountName: string | null;
  accountEmail: string | null;
  accountImage: string | null;
  itemCount: number;
};

function toOrderWithCustomer(row: JoinedRow): OrderWithCustomer {
  return {
    ...row.order,
    account: row.accountId
      ? {
          id: row.accountId,
          name: row.accountName ?? '',
          email: row.accountEmail ?? '',
          profileImage: row.accountImage,
        }
      : null,
    itemCount: Number(row.itemCount),
  };
}

/** One page of the orders matching the filter: status rank first (the spec's), then newest. */
export async function findOrderPage(
  db: DbOrTx,
  filter: OrderFilter,
  limit: number,
  offset: number,
): Promise<{ rows: OrderWithCustomer[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [totals]] = await Promise.all([
    db
      .select(withCustomerColumns)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(statusRank, desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { rows: rows.map(toOrderWithCustomer), total: totals?.n ?? 0 };
}

/** Orders placed since `since`, newest first, at most `limit`. */
export async function findOrdersSince(db: DbOrTx, since: Date, limit: number): Promise<OrderWithCustomer[]> {
  const rows = await db
    .select(withCustomerColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(gte(orders.createdAt, since))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map(toOrderWithCustomer);
}

export async function findOrderWithCustomer(db: DbOrTx, id: string): Promise<OrderWithCustomer | undefined> {
  const [row] = await db
    .select(withCustomerColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id))
    .limit(1);
  return row ? toOrderWithCustomer(row) : undefined;
}

/** Every order matching the filter, in the list's order, with its items (for the CSV export). */
export async function findOrdersForExport(
  db: DbOrTx,
  filter: OrderFilter,
  max: number,
): Promise<{ order: OrderWithCustomer; items: OrderItemRow[]; paymentEmail: string | null }[]> {
  const rows = (
    await db
      .select(withCustomerColumns)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(whereOf(filter))
      .orderBy(statusRank, desc(orders.createdAt), desc(orders.id))
      .limit(max)
  ).map(toOrderWithCustomer);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, paid] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db
      .select({ orderId: payments.orderId, email: payments.email })
      .from(payments)
      .where(and(inArray(payments.orderId, ids), eq(payments.status, 'captured'))),
  ]);
  return rows.map((order) => ({
    order,
    items: items.filter((i) => i.orderId === order.id),
    paymentEmail: paid.find((p) => p.orderId === order.id && p.email)?.email ?? null,
  }));
}

/** The shop-wide counts of the orders screen. */
export async function countOrders(
  db: DbOrTx,
  todayStart: Date,
): Promise<{ total: number; pending: number; toShip: number; today: number }> {
  const [row] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${orders.status} = 'Pending')::int`,
      toShip: sql<number>`count(*) filter (where ${orders.status} = 'Processing')::int`,
      today: sql<number>`count(*) filter (where ${orders.createdAt} >= ${todayStart})::int`,
    })
    .from(orders);
  return {
    total: row?.total ?? 0,
    pending: Number(row?.pending ?? 0),
    toShip: Number(row?.toShip ?? 0),
    today: Number(row?.today ?? 0),
  };
}

export function findOrderItems(db: DbOrTx, orderId: string): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

export function findPayments(db: DbOrTx, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** The order's status history, oldest first, with the accounts that made the changes. */
export function findStatusHistoryWithUsers(db: DbOrTx, orderId: string) {
  return db
    .select({
      fromStatus: orderStatusHistory.fromStatus,
      toStatus: orderStatusHistory.toStatus,
      actor: orderStatusHistory.actor,
      note: orderStatusHistory.note,
      createdAt: orderStatusHistory.createdAt,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
    })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.changedBy))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
}

/** The order, locked until the transaction ends (a delete must not race a payment or a move). */
export async function lockOrder(tx: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function deleteOrderRow(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(orders).where(eq(orders.id, id));
}

/** Whether money ever reached the shop for this order (a payment captured, or captured and refunded since). */
export async function hasTakenMoney(db: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['captured', 'refunded'])))
    .limit(1);
  return row !== undefined;
}

/** Records money an admin says arrived outside the payment provider (cash, a bank transfer). */
export async function insertManualPayment(
  db: DbOrTx,
  values: { orderId: string; amountPaise: number; recordedBy: string; at: Date },
): Promise<void> {
  await db.insert(payments).values({
    orderId: values.orderId,
    provider: MANUAL_PROVIDER,
    // Unique per provider; a voided record and a later one for the same order both stay.
    providerOrderId: `${values.orderId}:${randomUUID()}`,
    providerPaymentId: `manual_${randomUUID()}`,
    amountPaise: values.amountPaise,
    status: 'captured',
    raw: { recordedBy: values.recordedBy },
    createdAt: values.at,
    updatedAt: values.at,
  });
}
