import { z } from 'zod';
import { isoDate } from './common';

/**
 * The shop's settings as every visitor may read them: the header's name and logo, the theme colour,
 * contact details, policy texts (null: the built-in policy pages apply), the analytics id (null: no
 * analytics) and the delivery figures the cart's pricing rule uses, in rupees.
 */
export const shopSettingsSchema = z
  .object({
    name: z.string(),
    logo: z.string().nullable(),
    primaryColor: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    returnPolicy: z.string().nullable(),
    shippingPolicy: z.string().nullable(),
    privacyPolicy: z.string().nullable(),
    googleAnalyticsId: z.string().nullable(),
    shippingFee: z.number(),
    freeShippingThreshold: z.number(),
    updatedAt: isoDate,
  })
  .meta({ id: 'ShopSettings' });
export type ShopSettings = z.infer<typeof shopSettingsSchema>;
