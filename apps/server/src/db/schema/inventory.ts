import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { productVariants } from './catalogue';
import { createdAt } from './columns';
import { orders } from './orders';
import { users } from './users';

export const INVENTORY_REASONS = [
  'sale',
  'cancellation',
  'expiry',
  'return',
  'adjustment',
  'import',
  'migration',
] as const;
export type InventoryReason = (typeof INVENTORY_REASONS)[number];
export const inventoryReason = pgEnum('inventory_reason', INVENTORY_REASONS);

/**
 * Every change of a variant's stock, never changed afterwards (migration 0033). A deferred trigger
 * checks at commit that each variant written has exactly the stock its rows add up to.
 */
export const inventoryLedger = pgTable(
  'inventory_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    reason: inventoryReason('reason').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    resultingStock: integer('resulting_stock').notNull(),
    /** The reason an admin gave for a manual adjustment (migration 0034). */
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('inventory_ledger_variant_idx').on(t.variantId, t.id),
    index('inventory_ledger_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
    check('inventory_ledger_change_not_zero', sql`${t.change} <> 0`),
    check('inventory_ledger_resulting_not_negative', sql`${t.resultingStock} >= 0`),
    check('inventory_ledger_note_length', sql`${t.note} is null or length(${t.note}) <= 200`),
  ],
);

/** A single row (id 1): the stock at or below which a variant is low, unless the variant sets its own. */
export const inventorySettings = pgTable(
  'inventory_settings',
  {
    id: integer('id').primaryKey().default(1),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('inventory_settings_single_row', sql`${t.id} = 1`),
    check('inventory_settings_low_stock_not_negative', sql`${t.lowStockThreshold} >= 0`),
  ],
);
