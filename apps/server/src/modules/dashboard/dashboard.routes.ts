import { dashboardSchema, paiseToRupees } from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toAdminOrderSummary } from '../orders/index';

/** GET /admin/dashboard: revenue, order, product and user counts, the last week's orders, revenue per day. */
export async function dashboardRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { dashboard } = app.services;
  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'The dashboard’s figures',
        description:
          'Revenue counts paid orders that were not cancelled, refunded or returned, and never test orders (paid through the payment sandbox); days are India’s (IST).',
        response: { 200: dashboardSchema },
      },
    },
    async () => {
      const f = await dashboard.figures();
      return {
        revenue: paiseToRupees(f.revenuePaise),
        orders: f.orders,
        products: f.products,
        users: f.users,
        recentOrders: f.recentOrders.map(toAdminOrderSummary),
        revenueByDay: f.revenueByDay.map((d) => ({
          date: d.date,
          revenue: paiseToRupees(d.paise),
          orders: d.orders,
        })),
        lowStock: f.lowStock,
      };
    },
  );
}
