import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentLinks, payments } from '../../db/schema/orders';

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/** The order's open link at this provider, newest first. */
export async function findOpenLink(
  db: DbOrTx,
  orderId: string,
  provider: string,
): Promise<PaymentLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.orderId, orderId),
        eq(paymentLinks.provider, provider),
        eq(paymentLinks.status, 'created'),
      ),
    )
    .orderBy(desc(paymentLinks.createdAt))
    .limit(1);
  return row;
}

/** Every link of the order at this provider still open (not known paid), oldest first. */
export function findOpenLinks(db: DbOrTx, orderId: string, provider: string): Promise<PaymentLinkRow[]> {
  return db
    .select()
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.orderId, orderId),
        eq(paymentLinks.provider, provider),
        eq(paymentLinks.status, 'created'),
      ),
    )
    .orderBy(asc(paymentLinks.createdAt));
}

export async function insertLink(
  db: DbOrTx,
  link: typeof paymentLinks.$inferInsert,
): Promise<PaymentLinkRow> {
  const [row] = await db.insert(paymentLinks).values(link).returning();
  return row!;
}

/** The link by the provider's id, locked until `tx` ends (a webhook and its redelivery take turns). */
export async function lockLink(
  tx: DbOrTx,
  provider: string,
  linkId: string,
): Promise<PaymentLinkRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.provider, provider), eq(paymentLinks.linkId, linkId)))
    .for('update');
  return row;
}

export async function markLinkPaid(tx: DbOrTx, id: string, at: Date): Promise<void> {
  await tx.update(paymentLinks).set({ status: 'paid', paidAt: at }).where(eq(paymentLinks.id, id));
}

/**
 * The provider order the link's payment was made on, as one of the order's payments (once: the
 * unique (provider, provider order) index), so the usual settlement finds and settles it.
 */
export async function ensureLinkPayment(
  tx: DbOrTx,
  values: { orderId: string; provider: string; providerOrderId: string; amountPaise: number; at: Date },
): Promise<void> {
  await tx
    .insert(payments)
    .values({
      orderId: values.orderId,
      provider: values.provider,
      providerOrderId: values.providerOrderId,
      amountPaise: values.amountPaise,
      createdAt: values.at,
      nextCheckAt: null,
    })
    .onConflictDoNothing();
}
