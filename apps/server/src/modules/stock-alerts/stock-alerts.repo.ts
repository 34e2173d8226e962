import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, productVariants } from '../../db/schema/catalogue';
import { type StockAlertStatus, stockAlerts } from '../../db/schema/stock-alerts';

export type StockAlertRow = typeof stockAlerts.$inferSelect;

/** A variant as an alert names it: its product, options and whether it is on sale now. */
export interface AlertVariant {
  variantId: string;
  productId: string;
  productName: string;
  colour: string | null;
  size: string | null;
  stock: number;
  onSale: boolean;
}

const variantColumns = {
  variantId: productVariants.id,
  productId: products.id,
  productName: products.name,
  colour: productVariants.colour,
  size: productVariants.size,
  stock: productVariants.stock,
  onSale: sql<boolean>`(${productVariants.active} and ${products.archivedAt} is null)`,
};

export async function findAlertVariant(db: DbOrTx, variantId: string): Promise<AlertVariant | undefined> {
  const [row] = await db
    .select(variantColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  return row;
}

/** A new alert, or undefined when the address already has a live one (pending or active) for the variant. */
export async function insertAlert(
  db: DbOrTx,
  values: Pick<typeof stockAlerts.$inferInsert, 'variantId' | 'userId' | 'email' | 'status' | 'confirmedAt'>,
): Promise<StockAlertRow | undefined> {
  const [row] = await db.insert(stockAlerts).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findLiveAlert(
  db: DbOrTx,
  variantId: string,
  email: string,
): Promise<StockAlertRow | undefined> {
  const [row] = await db
    .select()
    .from(stockAlerts)
    .where(
      and(
        eq(stockAlerts.variantId, variantId),
        sql`lower(${stockAlerts.email}) = lower(${email})`,
        sql`${stockAlerts.status} in ('pending', 'active')`,
      ),
    )
    .for('update');
  return row;
}

export async function lockAlert(db: DbOrTx, id: string): Promise<StockAlertRow | undefined> {
  const [row] = await db.select().from(stockAlerts).where(eq(stockAlerts.id, id)).for('update');
  return row;
}

/** The move, only if the alert is still `from`; its time column set with it. */
export async function updateAlertStatus(
  db: DbOrTx,
  id: string,
  from: StockAlertStatus,
  to: StockAlertStatus,
  at: Date,
): Promise<StockAlertRow | undefined> {
  const [row] = await db
    .update(stockAlerts)
    .set({
      status: to,
      ...(to === 'active' ? { confirmedAt: at } : {}),
      ...(to === 'sent' ? { sentAt: at } : {}),
      ...(to === 'unsubscribed' ? { unsubscribedAt: at } : {}),
    })
    .where(and(eq(stockAlerts.id, id), eq(stockAlerts.status, from)))
    .returning();
  return row;
}

/**
 * Active alerts whose variant is on sale with stock again, claimed for this transaction: rows
 * another process holds are skipped (SKIP LOCKED), so each alert is taken by one process only.
 */
export async function claimDueAlerts(
  db: DbOrTx,
  limit: number,
): Promise<{ alert: StockAlertRow; variant: AlertVariant }[]> {
  return db
    .select({ alert: stockAlerts, variant: variantColumns })
    .from(stockAlerts)
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(stockAlerts.status, 'active'),
        gt(productVariants.stock, 0),
        eq(productVariants.active, true),
        isNull(products.archivedAt),
      ),
    )
    .orderBy(asc(stockAlerts.createdAt), asc(stockAlerts.id))
    .limit(limit)
    .for('update', { of: stockAlerts, skipLocked: true });
}

/** A shopper's alerts (by account) not removed, newest first, with the product and options they name. */
export async function findUserAlerts(db: DbOrTx, userId: string) {
  return db
    .select({
      id: stockAlerts.id,
      productId: products.id,
      productName: products.name,
      colour: productVariants.colour,
      size: productVariants.size,
      status: stockAlerts.status,
      createdAt: stockAlerts.createdAt,
    })
    .from(stockAlerts)
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(stockAlerts.userId, userId), inArray(stockAlerts.status, ['pending', 'active', 'sent'])))
    .orderBy(desc(stockAlerts.createdAt), desc(stockAlerts.id));
}
