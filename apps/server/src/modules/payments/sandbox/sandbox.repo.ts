import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { sandboxOrders, sandboxPayments, sandboxRefunds, sandboxWebhooks } from '../../../db/schema/payments';

export type SandboxOrderRow = typeof sandboxOrders.$inferSelect;
export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;
export type SandboxWebhookRow = typeof sandboxWebhooks.$inferSelect;

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

/** Every payment attempt on a sandbox order, oldest first. */
export function findSandboxPaymentsOfOrder(db: DbOrTx, orderId: string): Promise<SandboxPaymentRow[]> {
  return db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.orderId, orderId))
    .orderBy(asc(sandboxPayments.createdAt), asc(sandboxPayments.id));
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

/** Queues webhooks in the caller's transaction (the one that took the payment they are about). */
export async function insertSandboxWebhooks(
  db: DbOrTx,
  webhooks: { eventId: string; event: string; body: string; createdAt: Date }[],
): Promise<void> {
  if (webhooks.length === 0) return;
  await db.insert(sandboxWebhooks).values(webhooks.map((w) => ({ ...w, nextAttemptAt: w.createdAt })));
}

/**
 * The next webhook due by `now`, locked (one another process holds is skipped) so that it can be
 * claimed in the same transaction: oldest first, and a payment's events in the order they were queued.
 */
export async function lockDueSandboxWebhook(db: DbOrTx, now: Date): Promise<SandboxWebhookRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxWebhooks)
    .where(and(eq(sandboxWebhooks.status, 'pending'), lte(sandboxWebhooks.nextAttemptAt, now)))
    .orderBy(asc(sandboxWebhooks.nextAttemptAt), asc(sandboxWebhooks.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** Counts an attempt and moves the next one to `nextAttemptAt`: if this one never reports back, that one happens. */
export async function claimSandboxWebhook(
  db: DbOrTx,
  id: number,
  attempts: number,
  nextAttemptAt: Date,
): Promise<void> {
  await db.update(sandboxWebhooks).set({ attempts, nextAttemptAt }).where(eq(sandboxWebhooks.id, id));
}

export async function markSandboxWebhookDelivered(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db
    .update(sandboxWebhooks)
    .set({ status: 'delivered', deliveredAt: at, lastError: null })
    .where(eq(sandboxWebhooks.id, id));
}

/** Records why an attempt failed; `final`: the retries ran out, and it is not sent again. */
export async function markSandboxWebhookFailed(
  db: DbOrTx,
  id: number,
  error: string,
  final: boolean,
): Promise<void> {
  await db
    .update(sandboxWebhooks)
    .set({ lastError: error.slice(0, 500), ...(final ? { status: 'failed' } : {}) })
    .where(and(eq(sandboxWebhooks.id, id), eq(sandboxWebhooks.status, 'pending')));
}

export type SandboxRefundRow = typeof sandboxRefunds.$inferSelect;

export async function lockSandboxPayment(db: DbOrTx, id: string): Promise<SandboxPaymentRow | undefined> {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).for('update');
  return row;
}

export async function findSandboxRefundByKey(db: DbOrTx, key: string): Promise<SandboxRefundRow | undefined> {
  const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, key));
  return row;
}

export async function sumSandboxRefunds(db: DbOrTx, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ paise: sql<string>`coalesce(sum(${sandboxRefunds.amountPaise}), 0)` })
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.paymentId, paymentId));
  return Number(row?.paise ?? 0);
}

export async function insertSandboxRefund(
  db: DbOrTx,
  row: typeof sandboxRefunds.$inferInsert,
): Promise<SandboxRefundRow> {
  const [made] = await db.insert(sandboxRefunds).values(row).returning();
  return made!;
}
