import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shopSettings } from '../../db/schema/content';

export type ShopSettingsRow = typeof shopSettings.$inferSelect;

/** The one settings row, or undefined on a database nobody has configured yet. */
export async function findShopSettings(db: DbOrTx): Promise<ShopSettingsRow | undefined> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  return row;
}

export type ShopSettingsChanges = Partial<Omit<ShopSettingsRow, 'id' | 'updatedAt'>>;

/** The settings row locked for an update, created with the column defaults on a shop nobody configured yet. */
export async function lockShopSettings(tx: DbOrTx): Promise<ShopSettingsRow> {
  await tx.insert(shopSettings).values({ id: 1 }).onConflictDoNothing();
  const [row] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).for('update');
  return row!;
}

export async function updateShopSettings(tx: DbOrTx, changes: ShopSettingsChanges): Promise<ShopSettingsRow> {
  const [row] = await tx.update(shopSettings).set(changes).where(eq(shopSettings.id, 1)).returning();
  return row!;
}
