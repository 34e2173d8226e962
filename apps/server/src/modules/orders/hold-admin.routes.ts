import {
  adminHoldsReplySchema,
  errorReplySchema,
  releaseHoldsBodySchema,
  releaseHoldsReplySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';

const tags = ['admin: orders'];
const security = [{ bearerAuth: [] }];

/** Stock held by unpaid orders: who holds how many of what until when, and releasing it. */
export async function holdAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { holdAdmin } = app.services;

  app.get(
    '/admin/holds',
    {
      schema: {
        tags,
        security,
        summary: 'Products held by unpaid orders, most units first, with each order holding them',
        response: { 200: adminHoldsReplySchema },
      },
    },
    async () => holdAdmin.list(),
  );

  app.post(
    '/admin/holds/release',
    {
      schema: {
        tags,
        security,
        summary: 'Release holds: cancel these unpaid orders (stock and coupon back; audit-logged)',
        description:
          'Each order is cancelled through the order lifecycle in its own transaction, with an `order.release-hold` audit entry. Orders no longer waiting for payment are skipped with the reason. The units released still count against their shopper until the order’s deadline and cannot be ordered again by them before it.',
        body: releaseHoldsBodySchema,
        response: { 200: releaseHoldsReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => {
      const { released, skipped } = await holdAdmin.release(signedInUser(request), request.body.orderIds);
      const count = released.length;
      const message =
        count === 0
          ? 'No hold was released.'
          : `Released ${count} unpaid ${count === 1 ? 'order' : 'orders'}; the stock is back on sale.`;
      return { message, released, skipped };
    },
  );
}
