import { z } from 'zod';
import { adminOrderSummarySchema } from './order-admin';
import { stockRowSchema } from './variant-admin';

/** How many days of orders the dashboard's Recent Orders table shows, and how many of them at most. */
export const DASHBOARD_RECENT_DAYS = 7;
export const DASHBOARD_RECENT_MAX = 50;
/** Days the revenue chart covers, today included. */
export const DASHBOARD_REVENUE_DAYS = 30;

export const revenueDaySchema = z.object({
  /** YYYY-MM-DD, shop time (India). */
  date: z.string(),
  /** Rupees of the orders paid that day that still count (see `revenue`). */
  revenue: z.number(),
  orders: z.number().int(),
});
export type RevenueDay = z.infer<typeof revenueDaySchema>;

/** GET /admin/dashboard: the figures of the dashboard, all from the server. */
export const dashboardSchema = z
  .object({
    /** Rupees: every paid order that was not cancelled, refunded or returned; test orders never count. */
    revenue: z.number(),
    orders: z.object({
      total: z.number().int(),
      /** Awaiting payment. */
      pending: z.number().int(),
      /** Paid, waiting to ship. */
      toShip: z.number().int(),
      /** Placed since midnight, shop time. */
      today: z.number().int(),
      /** Placed in the last DASHBOARD_RECENT_DAYS days. */
      lastWeek: z.number().int(),
    }),
    products: z.number().int(),
    users: z.object({ total: z.number().int(), admins: z.number().int() }),
    /** The last week's orders, newest first, at most DASHBOARD_RECENT_MAX. */
    recentOrders: z.array(adminOrderSummarySchema),
    /** Oldest first, one entry per day, DASHBOARD_REVENUE_DAYS of them, today last. */
    revenueByDay: z.array(revenueDaySchema),
    /** Active variants at or below their low-stock threshold, the lowest first (DASHBOARD_LOW_STOCK_MAX). */
    lowStock: z.array(stockRowSchema),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;
