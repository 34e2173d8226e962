import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { sandboxOrders, sandboxPayments } from '../../../db/schema/payments';

export type SandboxOrderRow = typeof sandboxOrders.$inferSelect;
export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

export async function insertSandboxOrder(
  db: DbOrTx,
  order: { id: string; amountPaise: number; receipt: string },
): Promise<void> {
  await db.insert(sandboxOrders).values(order);
}

export async function findSandboxOrder(db: DbOrTx, id: string): Promise<SandboxOrderRow | undefined> {
  const [row] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.id, id));
  return row;
}

export async function insertSandboxPayment(
  db: DbOrTx,
  payment: typeof sandboxPayments.$inferInsert,
): Promise<SandboxPaymentRow> {
  const [row] = await db.insert(sandboxPayments).values(payment).returning();
  return row!;
}

export async function findSandboxPayment(db: DbOrTx, id: string): Promise<SandboxPaymentRow | undefined> {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  return row;
}

/** The order's captured payment, if it has one (an order is paid at most once). */
export async function findCapturedSandboxPayment(
  db: DbOrTx,
  orderId: string,
): Promise<SandboxPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.orderId, orderId), eq(sandboxPayments.status, 'captured')))
    .orderBy(desc(sandboxPayments.createdAt))
    .limit(1);
  return row;
}

export async function refundSandboxPayment(db: DbOrTx, id: string, refundId: string): Promise<boolean> {
  const rows = await db
    .update(sandboxPayments)
    .set({ status: 'refunded', refundId, updatedAt: new Date() })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'captured')))
    .returning({ id: sandboxPayments.id });
  return rows.length === 1;
}
