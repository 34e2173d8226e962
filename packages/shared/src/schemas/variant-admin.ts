import { z } from 'zod';
import { discountedPaise } from '../money';
import { isoDate, text } from './common';

// The admin's variant matrix and stock screen (issue 23): requests and replies. Money is paise.

export const VARIANT_LIMITS = {
  /** Variants one product may have (Shopify's ceiling). */
  perProduct: 2048,
  /** Colours or sizes one generation may name. */
  optionValues: 64,
  option: 40,
  sku: 64,
  note: 200,
  /** Units one variant may hold, and one adjustment may move. */
  stock: 1_000_000,
  threshold: 100_000,
} as const;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(20);
const pageInfo = { total: z.number().int(), page: z.number().int(), pages: z.number().int() };

/** A variant's own list price, or the product's; what it sells at is the product's discount off that. */
export function variantSalePaise(ownPaise: number | null, productPaise: number, discount: number): number {
  return discountedPaise(ownPaise ?? productPaise, discount);
}

const sku = text()
  .trim()
  .min(1, 'Enter a SKU')
  .max(VARIANT_LIMITS.sku, `A SKU has at most ${VARIANT_LIMITS.sku} characters`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'Use letters, digits and . _ / - in a SKU');
const units = z
  .number()
  .int('Whole units only')
  .min(0, 'Stock cannot be below 0')
  .max(VARIANT_LIMITS.stock, `At most ${VARIANT_LIMITS.stock} units`);
const threshold = z
  .number()
  .int('A whole number')
  .min(0, 'Cannot be below 0')
  .max(VARIANT_LIMITS.threshold, `At most ${VARIANT_LIMITS.threshold}`);
const note = text().trim().max(VARIANT_LIMITS.note, `At most ${VARIANT_LIMITS.note} characters`);
const option = text()
  .trim()
  .min(1, 'An option value cannot be empty')
  .max(VARIANT_LIMITS.option, `At most ${VARIANT_LIMITS.option} characters`);

/** One variant as the admin edits it. */
export const adminVariantSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    sku: z.string(),
    colour: z.string().nullable(),
    size: z.string().nullable(),
    stock: z.number().int(),
    /** Its own list price; null: the product's. */
    pricePaise: z.number().int().nullable(),
    /** What it sells at: its price (or the product's) less the product's discount. */
    salePricePaise: z.number().int(),
    /** URL of its own picture (one of the product's); null: the product's main picture. */
    image: z.string().nullable(),
    active: z.boolean(),
    position: z.number().int(),
    /** Its own low-stock threshold; null: the shop's. */
    lowStockThreshold: z.number().int().nullable(),
    /** Stock at or below the threshold that applies. */
    lowStock: z.boolean(),
  })
  .meta({ id: 'AdminVariant' });
export type AdminVariant = z.infer<typeof adminVariantSchema>;

/** GET /admin/products/:id/variants, and the reply of every write to them. */
export const adminVariantListSchema = z
  .object({
    product: z.object({
      id: z.string(),
      name: z.string(),
      pricePaise: z.number().int(),
      discount: z.number(),
      /** URLs the variant's picture may be chosen from. */
      images: z.array(z.string()),
    }),
    variants: z.array(adminVariantSchema),
    shopLowStockThreshold: z.number().int(),
  })
  .meta({ id: 'AdminVariantList' });
export type AdminVariantList = z.infer<typeof adminVariantListSchema>;

/**
 * POST /admin/products/:id/variants/generate: the colours × sizes the product comes in. With `only`,
 * just those combinations are on sale (the others are made switched off); variants of values no longer
 * named are switched off, keeping their stock and history.
 */
export const variantGenerateSchema = z
  .object({
    colours: z.array(option).max(VARIANT_LIMITS.optionValues).default([]),
    sizes: z.array(option).max(VARIANT_LIMITS.optionValues).default([]),
    only: z
      .array(z.object({ colour: option.nullable(), size: option.nullable() }).strict())
      .max(VARIANT_LIMITS.perProduct)
      .optional(),
  })
  .strict()
  .refine((g) => Math.max(1, g.colours.length) * Math.max(1, g.sizes.length) <= VARIANT_LIMITS.perProduct, {
    message: `A product has at most ${VARIANT_LIMITS.perProduct} variants`,
    path: ['sizes'],
  });
export type VariantGenerateInput = z.input<typeof variantGenerateSchema>;

const changeFields = {
  sku: sku.optional(),
  /** Sets the stock to this figure (the difference is one ledger row). */
  stock: units.optional(),
  /** Moves the stock by this many units (negative: fewer). */
  adjust: z
    .number()
    .int('Whole units only')
    .min(-VARIANT_LIMITS.stock)
    .max(VARIANT_LIMITS.stock)
    .refine((n) => n !== 0, 'Adjust by at least one unit')
    .optional(),
  /** Why the stock changed: kept on the ledger row. */
  note: note.optional(),
  pricePaise: z
    .number()
    .int('Paise are whole')
    .min(0, 'A price cannot be negative')
    .max(100_000_000_00)
    .nullable()
    .optional(),
  image: z.string().max(500).nullable().optional(),
  active: z.boolean().optional(),
  lowStockThreshold: threshold.nullable().optional(),
};
const oneStockChange = (c: { stock?: number; adjust?: number }) =>
  c.stock === undefined || c.adjust === undefined;
const STOCK_TWICE = { message: 'Set the stock or adjust it, not both', path: ['adjust'] };

/** PATCH /admin/variants/:id: the fields to change; those left out stay. */
export const variantChangesSchema = z.object(changeFields).strict().refine(oneStockChange, STOCK_TWICE);
export type VariantChanges = z.infer<typeof variantChangesSchema>;

/** PUT /admin/products/:id/variants: many rows of one product changed in one transaction (the matrix's Save, bulk set). */
export const variantBulkSchema = z
  .object({
    variants: z
      .array(
        z
          .object({ id: z.uuid('Unknown variant'), ...changeFields })
          .strict()
          .refine(oneStockChange, STOCK_TWICE),
      )
      .min(1, 'Change at least one variant')
      .max(VARIANT_LIMITS.perProduct),
  })
  .strict();
export type VariantBulkInput = z.infer<typeof variantBulkSchema>;

export const ledgerQuerySchema = z.object({ page, limit }).strict();
export type LedgerQuery = z.input<typeof ledgerQuerySchema>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  change: z.number().int(),
  reason: z.enum(['sale', 'cancellation', 'expiry', 'return', 'adjustment', 'import', 'migration']),
  resultingStock: z.number().int(),
  note: z.string().nullable(),
  actor: z.object({ id: z.string(), email: z.string() }).nullable(),
  orderId: z.string().nullable(),
  createdAt: isoDate,
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** GET /admin/variants/:id/ledger: newest first. */
export const ledgerReplySchema = z
  .object({
    variant: adminVariantSchema,
    productName: z.string(),
    entries: z.array(ledgerEntrySchema),
    ...pageInfo,
  })
  .meta({ id: 'InventoryLedger' });
export type LedgerReply = z.infer<typeof ledgerReplySchema>;

/** GET /admin/stock: variants across the shop, searched by product name or SKU. */
export const stockQuerySchema = z
  .object({
    search: text().trim().max(100).optional(),
    lowStock: z
      .enum(['true', 'false', '1', '0'])
      .transform((v) => v === 'true' || v === '1')
      .optional(),
    page,
    limit,
  })
  .strict();
export type StockQuery = z.input<typeof stockQuerySchema>;
export type StockParams = z.output<typeof stockQuerySchema>;

export const stockRowSchema = adminVariantSchema.extend({ productName: z.string() });
export type StockRow = z.infer<typeof stockRowSchema>;

export const stockListSchema = z
  .object({ variants: z.array(stockRowSchema), lowStockThreshold: z.number().int(), ...pageInfo })
  .meta({ id: 'StockList' });
export type StockList = z.infer<typeof stockListSchema>;

/** GET and PUT /admin/stock/settings: the shop's low-stock threshold. */
export const stockSettingsSchema = z.object({ lowStockThreshold: threshold }).strict();
export type StockSettings = z.infer<typeof stockSettingsSchema>;

/** The dashboard's low-stock list: the lowest first, at most this many. */
export const DASHBOARD_LOW_STOCK_MAX = 10;
