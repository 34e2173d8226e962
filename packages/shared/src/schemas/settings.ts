import { z } from 'zod';
import { isoDate } from './common';

/**
 * The shop's settings as every visitor may read them: the header's name and logo, the theme colour,
 * contact details (two emails and phones, social links), policy texts (null: the built-in policy pages apply), the analytics id (null: no
 * analytics), the delivery figures the cart's pricing rule uses before a pincode is known (the
 * default delivery zone's fee rule, edited on the Delivery zones screen), in rupees, how unpaid orders
 * hold stock (HOLD_SETTINGS_LIMITS: the window, and how much one shopper and one network may hold)
 * and whether payments are simulated.
 */
export const shopSettingsSchema = z
  .object({
    name: z.string(),
    logo: z.string().nullable(),
    primaryColor: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** The contact page's second email and phone lines. */
    secondEmail: z.string().nullable(),
    secondPhone: z.string().nullable(),
    address: z.string().nullable(),
    /** The contact page's social links (https, on each network's own site); null: not shown. */
    facebookUrl: z.string().nullable(),
    instagramUrl: z.string().nullable(),
    xUrl: z.string().nullable(),
    youtubeUrl: z.string().nullable(),
    returnPolicy: z.string().nullable(),
    shippingPolicy: z.string().nullable(),
    privacyPolicy: z.string().nullable(),
    googleAnalyticsId: z.string().nullable(),
    shippingFee: z.number(),
    /** Delivery is free from this amount after discounts; null: never free. */
    freeShippingThreshold: z.number().nullable(),
    /** How long an unpaid order holds its stock and coupon, minutes; null: the server's default. */
    holdWindowMinutes: z.number().int().nullable(),
    /** The server's default window (ORDER_PAYMENT_WINDOW_MINUTES), used while the shop sets none. */
    defaultHoldWindowMinutes: z.number().int(),
    /** One shopper may hold the larger of this many units of a product… */
    holdLimitUnits: z.number().int(),
    /** …and this percentage of its stock, in unpaid orders at once. */
    holdLimitPercent: z.number().int(),
    /** Shoppers on one network (internet address) may hold together this many times one shopper's limit. */
    holdAddressMultiple: z.number().int(),
    /**
     * Payments go through the built-in sandbox: no money moves, so every page says this is a demo
     * shop (not a setting an admin saves: the server's payment provider decides it).
     */
    paymentsSimulated: z.boolean(),
    /** Days after delivery a shopper may ask to return goods (the product page's "Return within N days"). */
    returnWindowDays: z.number().int(),
    /** Open cash-on-delivery orders one account may have at once (COD_SETTINGS_LIMITS). */
    codMaxOpenOrders: z.number().int(),
    /** COD is refused to an account with this many parcels Returned to origin; 0: never refused so. */
    codRefuseAfterRto: z.number().int(),
    updatedAt: isoDate,
  })
  .meta({ id: 'ShopSettings' });
export type ShopSettings = z.infer<typeof shopSettingsSchema>;
