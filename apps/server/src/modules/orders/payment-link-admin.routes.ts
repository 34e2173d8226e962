import { adminPaymentLinkReplySchema, errorReplySchema } from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/auth';
import { toAdminOrder } from './order-admin-reply';

/** The admin's "Send payment link" on an unpaid order (payment-link-admin.service.ts). */
export async function paymentLinkAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { paymentLinkAdmin, orderAdmin } = app.services;

  app.post(
    '/admin/orders/:id/payment-link',
    {
      schema: {
        tags: ['admin: orders'],
        security: [{ bearerAuth: [] }],
        summary:
          'Sends the shopper a link to pay an unpaid order online (mail, and WhatsApp where configured)',
        description:
          "For an unpaid order awaiting payment or cash-on-delivery confirmation: the provider's payment link (Razorpay Payment Links; the open one again), or with the sandbox the shopper's order page. Audited; 409 says why not (paid, cancelled, shipped, its deadline passed).",
        params: z.object({ id: z.string() }),
        response: {
          200: adminPaymentLinkReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request) => {
      const sent = await paymentLinkAdmin.send(signedInUser(request), request.params.id);
      return {
        message: 'Payment link sent to the shopper',
        ...sent,
        order: toAdminOrder(await orderAdmin.get(request.params.id)),
      };
    },
  );
}
