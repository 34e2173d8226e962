import { z } from 'zod';
import { isHsnCode } from '../gst/hsn';
import { MAX_RATE_BP, rateBpFromPercent } from '../gst/rates';
import { PRODUCT_FORM_LIMITS as L } from './admin';

// The products file of Import/Export (issue 23 point 6): one row a variant, its product's columns
// repeated on each of its rows. The server reads and writes it with csv-parse/csv-stringify.

export const PRODUCT_IMPORT_LIMITS = {
  /** The file's size. 10,000 rows with long descriptions come to a few megabytes. */
  bytes: 20 * 1024 * 1024,
  /** Data rows (variants) one file may hold. */
  rows: 50_000,
  /** Image URLs an import may fetch, and each one's size. */
  images: 500,
  imageBytes: L.imageBytes,
  /** Problems a refusal lists; more are counted, not listed. */
  problems: 200,
} as const;

/** The file's columns in order; the export writes them all and an import needs them all. */
export const PRODUCT_CSV_COLUMNS = [
  'product_sku',
  'name',
  'description',
  'brand',
  'category',
  'sub_category',
  'option',
  'sub_option',
  'price',
  'discount',
  'hsn',
  'gst_rate',
  'material',
  'made_in',
  'seller',
  'tags',
  'featured',
  'sku',
  'colour',
  'size',
  'stock',
  'variant_price',
  'image',
  'active',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** Lists inside one cell (tags) are separated by this. */
export const CSV_LIST_SEPARATOR = '|';

const RUPEES = /^(\d{1,8})(?:\.(\d{1,2}))?$/;

/**
 * A price typed in rupees ("1299", "1299.5", "1299.50") as integer paise, read from the text so no
 * float is involved; null when it is not such a figure (no sign, no thousands separators, ≤ 2 decimals).
 */
export function rupeesTextToPaise(text: string): number | null {
  const m = RUPEES.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Paise as the rupees text the file carries: 129900 → "1299", 129950 → "1299.50". */
export function paiseToRupeesText(paise: number): string {
  const whole = Math.floor(paise / 100);
  const part = paise % 100;
  return part === 0 ? String(whole) : `${whole}.${String(part).padStart(2, '0')}`;
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((v) => v || null);
const required = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
const rupees = (label: string) =>
  z.string().transform((v, ctx) => {
    const paise = rupeesTextToPaise(v);
    if (paise === null) {
      ctx.addIssue({ code: 'custom', message: `${label} must be in rupees, like 1299 or 1299.50` });
      return z.NEVER;
    }
    if (paise > L.maxPrice * 100) {
      ctx.addIssue({ code: 'custom', message: `${label} must be at most ${L.maxPrice}` });
      return z.NEVER;
    }
    return paise;
  });
const whole = (label: string, min: number, max: number, empty: number) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === '') return empty;
      if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return Number(v);
    });
const yesNo = (label: string, empty: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .transform((v, ctx) => {
      if (v === '') return empty;
      if (['true', 'yes', '1'].includes(v)) return true;
      if (['false', 'no', '0'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${label} must be true or false` });
      return z.NEVER;
    });

/** One data row as the file's text cells; the parsed value is what the import writes. */
export const productCsvRowSchema = z
  .object({
    product_sku: text(64),
    name: required('Name', L.name),
    description: z
      .string()
      .trim()
      .max(L.description, `Description must be at most ${L.description} characters`),
    brand: text(L.text),
    category: required('Category', L.text),
    sub_category: text(L.text),
    option: text(L.text),
    sub_option: text(L.text),
    price: rupees('Price').refine((p) => p > 0, 'Price must be more than 0'),
    discount: whole('Discount', 0, 100, 0),
    hsn: z
      .string()
      .trim()
      .refine((v) => v === '' || isHsnCode(v), 'HSN code is 4, 6 or 8 digits')
      .transform((v) => v || null),
    gst_rate: z
      .string()
      .trim()
      .transform((v, ctx) => {
        const n = v === '' ? 18 : Number(v);
        if (!/^\d{1,3}(\.\d{1,2})?$/.test(v || '18') || n > MAX_RATE_BP / 100) {
          ctx.addIssue({
            code: 'custom',
            message: 'GST rate must be a percent from 0 to 100, like 18 or 0.25',
          });
          return z.NEVER;
        }
        return rateBpFromPercent(n);
      }),
    material: text(L.text),
    made_in: text(L.text),
    seller: text(L.text),
    tags: z
      .string()
      .transform((v) => [
        ...new Set(
          v
            .split(CSV_LIST_SEPARATOR)
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ])
      .refine((v) => v.length <= L.listItems, `Tags: at most ${L.listItems}`)
      .refine(
        (v) => v.every((t) => t.length <= L.listItem),
        `Each tag must be at most ${L.listItem} characters`,
      ),
    featured: yesNo('Featured', false),
    sku: required('SKU', 64),
    /** Lower-cased, as the product form keeps colours. */
    colour: text(L.listItem).transform((v) => v?.toLowerCase() ?? null),
    size: text(L.listItem),
    stock: whole('Stock', 0, L.maxStock, Number.NaN).refine((v) => !Number.isNaN(v), 'Stock is required'),
    variant_price: z.string().transform((v, ctx) => {
      if (v.trim() === '') return null;
      const paise = rupeesTextToPaise(v);
      if (paise === null || paise > L.maxPrice * 100) {
        ctx.addIssue({
          code: 'custom',
          message: 'Variant price must be in rupees, like 1299 or 1299.50, or empty',
        });
        return z.NEVER;
      }
      return paise;
    }),
    image: z
      .string()
      .trim()
      .max(2000, 'Image must be at most 2000 characters')
      .transform((v) => v || null),
    active: yesNo('Active', true),
  })
  .strict();
export type ProductCsvRow = z.output<typeof productCsvRowSchema>;

/** A line of the file that cannot be imported, and why. Line 1 is the header. */
export const importProblemSchema = z.object({ line: z.number().int(), message: z.string() });
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** A refused file: every problem found (up to the limit) with its line. */
export const importRefusalSchema = z.object({
  message: z.string(),
  code: z.string(),
  problems: z.array(importProblemSchema),
});
export type ImportRefusal = z.infer<typeof importRefusalSchema>;

/**
 * What an accepted import streams back, one JSON object a line (application/x-ndjson): progress
 * while images are fetched and rows written, then its outcome — done, or refused with problems
 * (nothing written).
 */
export const importEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    phase: z.enum(['images', 'writing']),
    done: z.number().int(),
    total: z.number().int(),
  }),
  z.object({
    type: z.literal('done'),
    rows: z.number().int(),
    productsCreated: z.number().int(),
    productsUpdated: z.number().int(),
    variantsCreated: z.number().int(),
    variantsUpdated: z.number().int(),
    unchanged: z.number().int(),
  }),
  z.object({ type: z.literal('refused'), message: z.string(), problems: z.array(importProblemSchema) }),
]);
export type ImportEvent = z.infer<typeof importEventSchema>;
export type ImportSummary = Extract<ImportEvent, { type: 'done' }>;
