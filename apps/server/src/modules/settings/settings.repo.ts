import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shopSettings } from '../../db/schema/content';

export type ShopSettingsRow = typeof shopSettings.$inferSelect;

/** The one settings row, or undefined on a database nobody has configured yet. */
export async function findShopSettings(db: DbOrTx): Promise<ShopSettingsRow | undefined> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  return row;
}
