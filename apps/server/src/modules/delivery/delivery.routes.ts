import { deliveryCheckQuerySchema, deliveryCheckReplySchema, errorReplySchema } from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** GET /delivery/check: the product page's and the cart's Check delivery. */
export async function deliveryRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { delivery } = app.services;
  app.get(
    '/delivery/check',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Whether, when and for how much the shop delivers to a pincode',
        description:
          'A 6-digit pincode (the first digit 1–9). Deliverable: the fee (rupees) charged below `freeAbove`, the earliest and latest dates for an order placed now (business days, cut-off and holidays, India time), and whether cash on delivery is offered; else "Does not deliver to this pincode".',
        querystring: deliveryCheckQuerySchema,
        response: { 200: deliveryCheckReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => delivery.check(request.query.pincode),
  );
}
