import { z } from 'zod';
import { COD_SETTINGS_LIMITS } from '../cod';
import { ADMIN_SEARCH_MAX, SOCIAL_NETWORKS, type SocialLinkField } from '../constants';
import { isHsnCode } from '../gst/hsn';
import { MAX_RATE_BP, rateBpFromPercent } from '../gst/rates';
import { productSchema } from './catalogue';
import { isoDate } from './common';
import { userSchema } from './user';

// The admin back office's requests and replies. Multipart forms arrive as text fields: the server
// turns repeated entries and comma strings into lists before these schemas check them.

export const ADMIN_PAGE_SIZE = { default: 20, max: 100 } as const;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.max).default(ADMIN_PAGE_SIZE.default);
const search = z
  .string()
  .trim()
  .max(ADMIN_SEARCH_MAX, `Search must be at most ${ADMIN_SEARCH_MAX} characters`);

/** One page of a search: `search` is matched case-insensitively as a substring. */
export const adminListQuerySchema = z.object({ search: search.optional(), page, limit }).strict();
export type AdminListQuery = z.input<typeof adminListQuerySchema>;
export type AdminListParams = z.output<typeof adminListQuerySchema>;

const pageInfo = { total: z.number().int(), page: z.number().int(), pages: z.number().int() };

export const deletedReplySchema = z.object({ message: z.string(), _id: z.string() });
export type DeletedReply = z.infer<typeof deletedReplySchema>;

// ---- Users -------------------------------------------------------------------------------------

/** GET /users/all: the page of users matching the search, and the shop-wide counts of the cards. */
export const adminUsersReplySchema = z
  .object({
    adminUsers: z.array(userSchema),
    ...pageInfo,
    counts: z.object({
      totalUsers: z.number().int(),
      totalAdmins: z.number().int(),
      nonAdminUsers: z.number().int(),
    }),
  })
  .meta({ id: 'AdminUsers' });
export type AdminUsersReply = z.infer<typeof adminUsersReplySchema>;

export const USER_ROLES = ['admin', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** PUT /users/update/{userId}: promote to admin or make an ordinary user. */
export const updateUserRoleBodySchema = z
  .object({ newStatus: z.enum(USER_ROLES, { error: "newStatus must be 'admin' or 'user'" }) })
  .strict();
export type UpdateUserRoleBody = z.input<typeof updateUserRoleBodySchema>;
export const updatedUserRoleReplySchema = z.object({ message: z.string(), user: userSchema });
export type UpdatedUserRoleReply = z.infer<typeof updatedUserRoleReplySchema>;

// ---- Products ----------------------------------------------------------------------------------

export const PRODUCT_FORM_LIMITS = {
  name: 120,
  text: 100,
  description: 5000,
  listItems: 20,
  listItem: 40,
  /** Images a product may have, the main one included. */
  images: 10,
  imageBytes: 5 * 1024 * 1024,
  maxPrice: 10_000_000,
  maxStock: 1_000_000,
} as const;

const L = PRODUCT_FORM_LIMITS;
/** Trimmed text; empty means "none" (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((v) => v || null);
const list = z
  .array(z.string().trim().min(1).max(L.listItem, `each entry must be at most ${L.listItem} characters`))
  .max(L.listItems, `at most ${L.listItems} entries`);
/** A number typed into a form field: empty means not given. */
const formNumber = (label: string, schema: (n: z.ZodNumber) => z.ZodType<number>) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : Number(v)),
    schema(
      z.number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
      }),
    ),
  );
const price = formNumber('Price', (n) =>
  n
    .positive('Price must be more than 0')
    .max(L.maxPrice, `Price must be at most ${L.maxPrice}`)
    .refine((v) => Number.isInteger(Math.round(v * 100 * 1e6) / 1e6), 'Price has at most 2 decimals'),
);
const discount = formNumber('Discount', (n) =>
  n
    .int('Discount must be a whole number')
    .min(0, 'Discount must be 0 to 100')
    .max(100, 'Discount must be 0 to 100'),
);
const countInStock = formNumber('Count In Stock', (n) =>
  n.int('Count In Stock must be a whole number').min(0, 'Count In Stock cannot be negative').max(L.maxStock),
);
const hsn = z
  .string()
  .trim()
  .refine((v) => v === '' || isHsnCode(v), 'HSN code is 4, 6 or 8 digits')
  .transform((v) => v || null);
/** Typed in percent (18, 0.25), kept in basis points: any whole basis point from 0 to 100% (rates are data). */
const gstRate = formNumber('GST rate', (n) =>
  n
    .min(0, 'GST rate must be 0 to 100%')
    .max(MAX_RATE_BP / 100, 'GST rate must be 0 to 100%')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'GST rate has at most 2 decimals'),
).transform((v) => rateBpFromPercent(v));
const flag = z
  .enum(['true', 'false', 'on', '1', '0'])
  .transform((v) => v === 'true' || v === 'on' || v === '1');
const unique = (values: string[]) => [...new Set(values)];

/** The fields both product forms may leave out (left out on edit: unchanged). */
const optionalProductFields = {
  brand: optionalText(L.text).optional(),
  subCategory: optionalText(L.text).optional(),
  option: optionalText(L.text).optional(),
  subOption: optionalText(L.text).optional(),
  sku: optionalText(64).optional(),
  discount: discount.optional(),
  countInStock: countInStock.optional(),
  seller: optionalText(L.text).optional(),
  material: optionalText(L.text).optional(),
  madeIn: optionalText(L.text).optional(),
  /** Printed on tax invoices and summed in GSTR-1's HSN table; empty: none. */
  hsn: hsn.optional(),
  /** Percent in the form; the parsed value is basis points (18 → 1800). */
  gstRate: gstRate.optional(),
  /** Lower-cased, as the spec stores them, so filters match whatever case the admin typed. */
  colours: list.transform((v) => unique(v.map((c) => c.toLowerCase()))).optional(),
  sizes: list.transform(unique).optional(),
  tags: list.transform(unique).optional(),
  description: z.string().trim().max(L.description, `must be at most ${L.description} characters`).optional(),
  isFeatured: flag.optional(),
};
const requiredProductFields = {
  name: z
    .string()
    .trim()
    .min(1, 'Product name is required')
    .max(L.name, `must be at most ${L.name} characters`),
  category: z.string().trim().min(1, 'Category is required').max(L.text),
  price,
};

/**
 * POST /products text fields (multipart; `productImages` files, the main image first). Rating and
 * review count are not fields: they come from reviews, never from this form (unknown fields are a 400).
 */
export const productCreateFieldsSchema = z
  .object({
    ...optionalProductFields,
    ...requiredProductFields,
    description: z
      .string()
      .trim()
      .min(1, 'Description is required')
      .max(L.description, `must be at most ${L.description} characters`),
  })
  .strict();
export type ProductCreateFields = z.output<typeof productCreateFieldsSchema>;

/**
 * PUT /products/{productId} text fields: name, category and price required; any other field left
 * out stays as it is. `removeMainImage` drops the main image; `removedImages` is a JSON list of
 * gallery image URLs to drop. Uploaded `productImages` join the gallery; the first becomes the main
 * image when the product has none left.
 */
export const productUpdateFieldsSchema = z
  .object({
    ...optionalProductFields,
    ...requiredProductFields,
    removeMainImage: flag.optional(),
    removedImages: z
      .string()
      .max(10_000)
      .transform((text, ctx) => {
        try {
          const value: unknown = JSON.parse(text || '[]');
          if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
        } catch {
          // reported below
        }
        ctx.addIssue({ code: 'custom', message: 'must be a JSON list of image URLs' });
        return z.NEVER;
      })
      .optional(),
  })
  .strict();
export type ProductUpdateFields = z.output<typeof productUpdateFieldsSchema>;

/** GET /admin/products: newest first; `all` is how many products the shop has, whatever the search. */
export const adminProductListSchema = z
  .object({ products: z.array(productSchema), ...pageInfo, all: z.number().int() })
  .meta({ id: 'AdminProductList' });
export type AdminProductList = z.infer<typeof adminProductListSchema>;

/** GET /admin/products/{id}: the product with its tax fields (not shown to shoppers). */
export const adminProductSchema = productSchema
  .extend({ hsn: z.string().nullable(), gstRate: z.number() })
  .meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const productWriteReplySchema = z.object({ message: z.string(), product: productSchema });
export type ProductWriteReply = z.infer<typeof productWriteReplySchema>;

/** DELETE /products/{id}: `archived` when past orders name the product (kept for them, hidden from shoppers). */
export const productDeletedReplySchema = deletedReplySchema.extend({ archived: z.boolean() });
export type ProductDeletedReply = z.infer<typeof productDeletedReplySchema>;

// ---- AI description helper ---------------------------------------------------------------------

/** POST /admin/ai/product-description: the form's facts about the product; name and brand required. */
export const productDescriptionBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Product name is required').max(L.name),
    brand: z.string().trim().min(1, 'Brand is required').max(L.text),
    category: z.string().trim().max(L.text).optional(),
    subCategory: z.string().trim().max(L.text).optional(),
    material: z.string().trim().max(L.text).optional(),
    madeIn: z.string().trim().max(L.text).optional(),
    seller: z.string().trim().max(L.text).optional(),
    colours: list.optional(),
    sizes: list.optional(),
    tags: list.optional(),
    /** Anything else the admin typed about it (the description so far, say). */
    features: z.string().trim().max(1000).optional(),
  })
  .strict();
export type ProductDescriptionBody = z.input<typeof productDescriptionBodySchema>;
export type ProductFacts = z.output<typeof productDescriptionBodySchema>;

export const AI_WRITERS = ['gemini', 'offline'] as const;
export type AiWriterName = (typeof AI_WRITERS)[number];

/** Which writer answered; `notice` says why the offline writer stood in for the configured one. */
export const productDescriptionReplySchema = z.object({
  description: z.string(),
  writer: z.enum(AI_WRITERS),
  notice: z.string().nullable(),
});
export type ProductDescriptionReply = z.infer<typeof productDescriptionReplySchema>;

// ---- Shop settings -----------------------------------------------------------------------------

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
/** Google Analytics 4 measurement ids (G-…); the id lands in a script URL, so nothing else passes. */
export const ANALYTICS_ID = /^G-[A-Z0-9]{4,20}$/;
const POLICY_MAX = 20_000;
/** The bounds of the shop's hold settings (the database's CHECK holds the same). */
export const HOLD_SETTINGS_LIMITS = {
  windowMinutes: { min: 5, max: 7 * 24 * 60 },
  units: { min: 1, max: 100_000 },
  percent: { min: 0, max: 100 },
  addressMultiple: { min: 1, max: 1000 },
} as const;
const H = HOLD_SETTINGS_LIMITS;
const wholeNumber = (label: string, bounds: { min: number; max: number }) =>
  formNumber(label, (n) =>
    n
      .int(`${label} must be a whole number`)
      .min(bounds.min, `${label} must be ${bounds.min} to ${bounds.max}`)
      .max(bounds.max, `${label} must be ${bounds.min} to ${bounds.max}`),
  );

const shopEmail = (label: string) =>
  z
    .union([z.literal(''), z.email(`${label}: invalid email format`).max(254)])
    .transform((v) => v.toLowerCase() || null);
const shopPhone = (label: string) =>
  z
    .string()
    .trim()
    .max(20, 'must be at most 20 characters')
    .regex(/^[0-9+()\s-]*$/, `${label} may hold digits, spaces, +, - and brackets only`)
    .transform((v) => v || null);

/** Empty (not shown), or an https address on the network's own site: it becomes a link on every contact page. */
const socialLink = (field: SocialLinkField) => {
  const { label, hosts } = SOCIAL_NETWORKS[field];
  const message = `${label} link must be an https:// address on ${hosts.join(' or ')}`;
  return z
    .string()
    .trim()
    .max(300, `${label} link must be at most 300 characters`)
    .refine((v) => {
      if (v === '') return true;
      try {
        const url = new URL(v);
        const host = url.hostname.toLowerCase();
        return (
          url.protocol === 'https:' &&
          !url.username &&
          !url.password &&
          hosts.some((h) => host === h || host.endsWith(`.${h}`))
        );
      } catch {
        return false;
      }
    }, message)
    .transform((v) => v || null);
};

/**
 * PUT /settings text fields (multipart; `logo` is the file part). Empty text clears a field (a
 * cleared policy brings back the built-in page). Fields left out stay as they are.
 */
export const shopSettingsUpdateFieldsSchema = z
  .object({
    name: z.string().trim().min(1, 'Shop name is required').max(60, 'must be at most 60 characters'),
    email: z
      .union([z.literal(''), z.email('Invalid email format').max(254)])
      .transform((v) => v.toLowerCase() || null),
    phone: shopPhone('Phone'),
    secondEmail: shopEmail('Second email'),
    secondPhone: shopPhone('Second phone'),
    address: optionalText(300),
    facebookUrl: socialLink('facebookUrl'),
    instagramUrl: socialLink('instagramUrl'),
    xUrl: socialLink('xUrl'),
    youtubeUrl: socialLink('youtubeUrl'),
    primaryColor: z.string().trim().regex(HEX_COLOUR, 'Primary colour must be a hex colour such as #2563eb'),
    returnPolicy: optionalText(POLICY_MAX),
    shippingPolicy: optionalText(POLICY_MAX),
    privacyPolicy: optionalText(POLICY_MAX),
    googleAnalyticsId: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || ANALYTICS_ID.test(v), 'Google Analytics ID looks like G-XXXXXXXXXX')
      .transform((v) => v || null),
    /** Empty: back to the server's default window. */
    holdWindowMinutes: z.union([
      z.literal('').transform(() => null),
      wholeNumber('Payment window (minutes)', H.windowMinutes),
    ]),
    holdLimitUnits: wholeNumber('Units one shopper may hold', H.units),
    holdLimitPercent: wholeNumber('Share of stock one shopper may hold', H.percent),
    holdAddressMultiple: wholeNumber('Shoppers on one internet connection', H.addressMultiple),
    /** Days after delivery a shopper may ask to return goods (0: no returns). */
    returnWindowDays: wholeNumber('Return window (days)', { min: 0, max: 90 }),
    codMaxOpenOrders: wholeNumber(
      'Open cash-on-delivery orders per account',
      COD_SETTINGS_LIMITS.maxOpenOrders,
    ),
    /** Empty or 0: COD is never refused for returned parcels. */
    codRefuseAfterRto: z.preprocess(
      (v) => (v === '' ? 0 : v),
      wholeNumber('Refuse cash on delivery after returned parcels', COD_SETTINGS_LIMITS.refuseAfterRto),
    ),
    removeLogo: flag,
  })
  .partial()
  .strict();
export type ShopSettingsUpdateFields = z.output<typeof shopSettingsUpdateFieldsSchema>;

// ---- Audit log ---------------------------------------------------------------------------------

export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.object({ _id: z.string().nullable(), email: z.string() }),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: isoDate,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuerySchema = z
  .object({
    entity: z
      .enum(['user', 'product', 'settings', 'newsletter', 'order', 'coupon', 'message', 'delivery'])
      .optional(),
    page,
    limit,
  })
  .strict();
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;
export type AuditLogParams = z.output<typeof auditLogQuerySchema>;
export const auditLogReplySchema = z
  .object({ entries: z.array(auditEntrySchema), ...pageInfo })
  .meta({ id: 'AuditLog' });
export type AuditLogReply = z.infer<typeof auditLogReplySchema>;
