import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refunds, shipments, shippingCarriers } from '../../db/schema/after-sale';
import { orders } from '../../db/schema/orders';

export type CarrierRow = typeof shippingCarriers.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;

export async function findCarriers(db: DbOrTx): Promise<CarrierRow[]> {
  return db
    .select()
    .from(shippingCarriers)
    .orderBy(asc(shippingCarriers.position), asc(shippingCarriers.name));
}

/** Replaces the whole list (the form saves it at once); shipments keep their own copy of names and links. */
export async function replaceCarriers(
  tx: DbOrTx,
  list: readonly { name: string; trackingUrl: string }[],
): Promise<CarrierRow[]> {
  await tx.delete(shippingCarriers);
  if (list.length > 0) {
    await tx.insert(shippingCarriers).values(list.map((c, position) => ({ ...c, position })));
  }
  return findCarriers(tx);
}

export async function insertShipment(tx: DbOrTx, row: typeof shipments.$inferInsert): Promise<ShipmentRow> {
  const [shipment] = await tx.insert(shipments).values(row).returning();
  await tx.update(orders).set({ trackingNumber: row.trackingNumber }).where(eq(orders.id, row.orderId));
  return shipment!;
}

export async function findShipment(db: DbOrTx, orderId: string): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.orderId, orderId));
  return row;
}

export async function findShipmentsOfOrders(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<Map<string, ShipmentRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.orderId, [...orderIds]));
  return new Map(rows.map((r) => [r.orderId, r]));
}

/** The order's refunds, newest first, as its shopper sees them (the payments module writes them). */
export function findOrderRefunds(db: DbOrTx, orderId: string) {
  return db
    .select({
      amountPaise: refunds.amountPaise,
      status: refunds.status,
      reason: refunds.reason,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.createdAt));
}
