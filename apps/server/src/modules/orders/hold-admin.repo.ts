import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { orderItems, orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';

/** One unpaid order's units of one product, with the product and who placed the order. */
export interface HeldUnitsRow {
  productId: string;
  productName: string;
  productImage: string | null;
  countInStock: number;
  orderId: string;
  userId: string | null;
  customerName: string;
  customerEmail: string;
  quantity: number;
  placedAt: Date;
  expiresAt: Date | null;
}

/**
 * What every unpaid order holds, product by product (the units on order lines of several colours add
 * up), soonest to expire first; at most `limit` rows. The stock an order holds is in its items, so this
 * reads them rather than the hold ledger, and also shows orders an admin marked unpaid.
 */
export function findHeldUnits(db: DbOrTx, limit: number): Promise<HeldUnitsRow[]> {
  return db
    .select({
      productId: sql<string>`${orderItems.productId}`,
      productName: products.name,
      productImage: products.productImage,
      countInStock: products.countInStock,
      orderId: orders.id,
      userId: orders.userId,
      customerName: sql<string>`coalesce(min(${users.name}), min(${orders.name}))`,
      customerEmail: sql<string>`coalesce(min(${users.email}), min(${orders.email}))`,
      quantity: sql<number>`sum(${orderItems.quantity})::int`,
      placedAt: orders.createdAt,
      expiresAt: orders.expiresAt,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.status, 'Pending'))
    .groupBy(orderItems.productId, products.id, orders.id)
    .orderBy(sql`${orders.expiresAt} asc nulls last`, asc(orders.id))
    .limit(limit);
}
