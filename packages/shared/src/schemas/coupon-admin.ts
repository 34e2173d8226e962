import { z } from 'zod';
import { ADMIN_SEARCH_MAX } from '../constants';
import { isoDate } from './common';

// The admin's coupons: list, create, update, delete. Codes are matched case-insensitively and stored
// upper-case; a newsletter subscriber's welcome code lives in the same table and is labelled as one.

export const COUPON_LIMITS = {
  codeMax: 32,
  discountMin: 1,
  discountMax: 100,
  usageLimitMin: 1,
  usageLimitMax: 1_000_000,
} as const;

/** Letters, digits, hyphens and underscores: what a shopper can type and read back without doubt. */
export const COUPON_CODE = /^[A-Za-z0-9_-]+$/;
/** A calendar date as a date input gives it: the coupon works until the end of that day, shop time (India). */
export const COUPON_EXPIRY_DATE = /^\d{4}-\d{2}-\d{2}$/;

const C = COUPON_LIMITS;

/** A whole number typed into a form field or sent as a number; empty means not given. */
const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
      })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be ${min === 1 && max === 100 ? '1 to 100' : `at least ${min}`}`)
      .max(max, `${label} must be ${min === 1 && max === 100 ? '1 to 100' : `at most ${max}`}`),
  );

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** POST /coupons/create-coupon and PUT /coupons/update-coupon/{couponId}: the whole coupon, as the form has it. */
export const couponBodySchema = z
  .object({
    code: z
      .string({ error: 'Coupon code is required' })
      .trim()
      .min(1, 'Coupon code is required')
      .max(C.codeMax, `Coupon code must be at most ${C.codeMax} characters`)
      .regex(COUPON_CODE, 'Coupon code may hold letters, digits, - and _ only')
      .transform((v) => v.toUpperCase()),
    discount: wholeNumber('Discount', C.discountMin, C.discountMax),
    usageLimit: wholeNumber('Usage limit', C.usageLimitMin, C.usageLimitMax),
    /** YYYY-MM-DD, or empty / null for a coupon that never expires. */
    expiresAt: z
      .union([z.literal(''), z.null(), z.string().regex(COUPON_EXPIRY_DATE, 'Expiry date must be a date')])
      .refine((v) => !v || isRealDate(v), 'Expiry date must be a date')
      .transform((v) => v || null)
      .optional(),
  })
  .strict();
export type CouponBody = z.input<typeof couponBodySchema>;
export type CouponInput = z.output<typeof couponBodySchema>;

export const COUPON_KINDS = ['all', 'shop', 'welcome'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** GET /coupons/get-coupons: shop coupons, newsletter welcome codes, or both; newest first. */
export const couponListQuerySchema = z
  .object({
    kind: z.enum(COUPON_KINDS).default('all'),
    search: z.string().trim().max(ADMIN_SEARCH_MAX).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type CouponListQuery = z.input<typeof couponListQuerySchema>;
export type CouponListParams = z.output<typeof couponListQuerySchema>;

export const adminCouponSchema = z
  .object({
    _id: z.string(),
    code: z.string(),
    /** Percent, 1..100. */
    discount: z.number().int(),
    /** The last moment it works, or null when it never expires. */
    expiresAt: isoDate.nullable(),
    /** The expiry as the admin set it (YYYY-MM-DD, shop time), for the edit form. */
    expiryDate: z.string().nullable(),
    usageLimit: z.number().int().nullable(),
    /** How many paid orders used it. */
    usedCount: z.number().int(),
    expired: z.boolean(),
    /** The address whose newsletter welcome code this is; null for the shop's own coupons. */
    welcomeFor: z.string().nullable(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: 'AdminCoupon' });
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const couponListSchema = z
  .object({
    coupons: z.array(adminCouponSchema),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'AdminCouponList' });
export type CouponList = z.infer<typeof couponListSchema>;

export const couponWriteReplySchema = z.object({ message: z.string(), coupon: adminCouponSchema });
export type CouponWriteReply = z.infer<typeof couponWriteReplySchema>;
