import { z } from 'zod';
import { CONTACT_LIMITS } from './content';

// ---- Back-in-stock alerts (issue 23; modules/stock-alerts) --------------------------------------

export const STOCK_ALERT_INVALID_EMAIL = 'Please enter a valid email address.';
export const STOCK_ALERT_EMAIL_NEEDED = 'Please enter your email address, or sign in.';

/** POST /stock-alerts: a signed-in shopper's account, or a guest's address (confirmed by mail). */
export const stockAlertBodySchema = z
  .object({
    variantId: z.uuid('Please choose a size and colour.'),
    email: z
      .string(STOCK_ALERT_INVALID_EMAIL)
      .trim()
      .max(CONTACT_LIMITS.email, STOCK_ALERT_INVALID_EMAIL)
      .pipe(z.email(STOCK_ALERT_INVALID_EMAIL))
      .optional(),
  })
  .strict();
export type StockAlertBody = z.input<typeof stockAlertBodySchema>;

/** pending: a guest's, until the link in its mail is followed; active: the mail goes on restock. */
export const stockAlertReplySchema = z
  .object({ status: z.enum(['pending', 'active']), message: z.string() })
  .meta({ id: 'StockAlert' });
export type StockAlertReply = z.infer<typeof stockAlertReplySchema>;

/** GET /stock-alerts/confirm?token=… and /stock-alerts/unsubscribe?token=… (also POST, RFC 8058 one-click). */
export const stockAlertTokenQuerySchema = z.object({ token: z.string().min(1).max(200) }).strict();

// ---- My alerts: a signed-in shopper's own alerts ---------------------------------------------------

/** An alert as its shopper sees it; a removed (unsubscribed) one is no longer listed. */
export const myStockAlertSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    productName: z.string(),
    colour: z.string().nullable(),
    size: z.string().nullable(),
    /** pending: waiting for the emailed link; active: the mail goes on restock; sent: mailed. */
    status: z.enum(['pending', 'active', 'sent']),
    createdAt: z.string(),
  })
  .meta({ id: 'MyStockAlert' });
export type MyStockAlert = z.infer<typeof myStockAlertSchema>;

/** GET /stock-alerts/mine: newest first. */
export const myStockAlertListSchema = z
  .object({ alerts: z.array(myStockAlertSchema) })
  .meta({ id: 'MyStockAlerts' });
export type MyStockAlertList = z.infer<typeof myStockAlertListSchema>;

/** DELETE /stock-alerts/mine/{alertId} */
export const myStockAlertParamsSchema = z.object({ alertId: z.uuid('This alert was not found.') }).strict();
