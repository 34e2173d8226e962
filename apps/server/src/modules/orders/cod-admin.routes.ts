import { adminOrderWriteReplySchema, errorReplySchema } from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/auth';
import { toAdminOrder } from './order-admin-reply';

const tags = ['admin: orders'];
const security = [{ bearerAuth: [] }];

/**
 * Cash on delivery for the admin: the cash collected at the door. Confirming an order and marking it
 * Returned to origin are status changes (PUT /orders/status/{id}), checked by the lifecycle table.
 */
export async function codAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { cod, orderAdmin } = app.services;

  app.post(
    '/admin/orders/:id/cash-collected',
    {
      schema: {
        tags,
        security,
        summary:
          'Delivered, cash collected: records the cash as a payment (method cod), then Shipped → Delivered',
        description: 'Only for an unpaid cash-on-delivery order that has shipped; audited. 409 says why not.',
        params: z.object({ id: z.string() }),
        body: z
          .object({ note: z.string().trim().max(200).optional() })
          .strict()
          .nullish(),
        response: {
          200: adminOrderWriteReplySchema,
          400: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request) => {
      await cod.cashCollected(signedInUser(request), request.params.id, request.body?.note);
      return {
        message: 'Cash collected: the order is delivered',
        order: toAdminOrder(await orderAdmin.get(request.params.id)),
      };
    },
  );
}
