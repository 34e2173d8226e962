import { paiseToRupees, rupeesToPaise } from '@bazaar/shared/money';
import type { AdminVariant, VariantBulkInput } from '@bazaar/shared/schemas/variant-admin';
import { z } from 'zod';

// The variant matrix's form: one row per variant as text inputs, and the rows that changed as the
// PUT the server takes. The server checks everything again; these rules only spare a round trip.

const wholeOrEmpty = (message: string) => z.string().trim().regex(/^\d*$/, message);

export const variantRowSchema = z.object({
  id: z.string(),
  selected: z.boolean(),
  sku: z
    .string()
    .trim()
    .min(1, 'Enter a SKU')
    .max(64, 'At most 64 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'Letters, digits and . _ / - only'),
  stock: z.string().trim().regex(/^\d+$/, 'Whole units, 0 or more'),
  price: z
    .string()
    .trim()
    .regex(/^(\d+(\.\d{1,2})?)?$/, 'Rupees, e.g. 1299 or 1299.50 (empty: the product’s)'),
  active: z.boolean(),
  threshold: wholeOrEmpty('A whole number (empty: the shop’s)'),
});
export const variantMatrixSchema = z.object({ rows: z.array(variantRowSchema) });
export type VariantMatrixValues = z.infer<typeof variantMatrixSchema>;
export type VariantRowValues = z.infer<typeof variantRowSchema>;

export function toRowValues(v: AdminVariant): VariantRowValues {
  return {
    id: v.id,
    selected: false,
    sku: v.sku,
    stock: String(v.stock),
    price: v.pricePaise === null ? '' : String(paiseToRupees(v.pricePaise)),
    active: v.active,
    threshold: v.lowStockThreshold === null ? '' : String(v.lowStockThreshold),
  };
}

/**
 * The matrix's rows once the server's list changed under unsaved edits (a Generate): each row as the
 * server now has it, except the fields the admin had edited since `base`, which keep the edit; rows
 * new to the list get the server's defaults.
 */
export function keepEdits(
  base: readonly AdminVariant[],
  draft: readonly VariantRowValues[],
  next: readonly AdminVariant[],
): VariantRowValues[] {
  const before = new Map(base.map((v) => [v.id, toRowValues(v)]));
  const edited = new Map(draft.map((r) => [r.id, r]));
  return next.map((v) => {
    const row = toRowValues(v);
    const was = before.get(v.id);
    const now = edited.get(v.id);
    if (!was || !now) return row;
    for (const key of Object.keys(row) as (keyof VariantRowValues)[]) {
      if (key !== 'id' && now[key] !== was[key]) Object.assign(row, { [key]: now[key] });
    }
    return row;
  });
}

/** The rows that differ from the server's, each with only its changed fields; null when none did. */
export function changedRows(
  saved: readonly AdminVariant[],
  rows: readonly VariantRowValues[],
  note?: string,
): VariantBulkInput | null {
  const byId = new Map(saved.map((v) => [v.id, v]));
  const variants: VariantBulkInput['variants'] = [];
  for (const row of rows) {
    const v = byId.get(row.id);
    if (!v) continue;
    const change: VariantBulkInput['variants'][number] = { id: row.id };
    const sku = row.sku.trim();
    if (sku !== v.sku) change.sku = sku;
    const stock = Number(row.stock);
    if (stock !== v.stock) {
      change.stock = stock;
      if (note?.trim()) change.note = note.trim();
    }
    const price = row.price.trim() === '' ? null : rupeesToPaise(Number(row.price));
    if (price !== v.pricePaise) change.pricePaise = price;
    if (row.active !== v.active) change.active = row.active;
    const threshold = row.threshold.trim() === '' ? null : Number(row.threshold);
    if (threshold !== v.lowStockThreshold) change.lowStockThreshold = threshold;
    if (Object.keys(change).length > 1) variants.push(change);
  }
  return variants.length ? { variants } : null;
}

/** "Red / M", "M", "Default" */
export const variantLabel = (v: { colour: string | null; size: string | null }) =>
  [v.colour, v.size].filter(Boolean).join(' / ') || 'Default';

/** A comma list typed by the admin: trimmed, empty entries dropped. */
export const splitList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
