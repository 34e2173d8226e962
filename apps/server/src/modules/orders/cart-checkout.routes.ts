import {
  cartCheckoutBodySchema,
  codOrderReplySchema,
  errorReplySchema,
  orderPaymentReplySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import { orderClient } from './order-client';
import { savedCheckoutDetails } from './saved-checkout-details';

/**
 * POST /cart/checkout, the spec's checkout of the cart: placing an order as POST /orders does, from the
 * signed-in shopper's cart, with the account's saved billing details. It lives in orders (which reads
 * the cart), so the cart module never depends on orders.
 */
export async function cartCheckoutRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { orders, users } = app.services;
  const { config, db } = app.deps;
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/cart/checkout',
    {
      schema: {
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        summary: "Check out the signed-in shopper's cart: place the order and start its payment",
        description:
          "An empty body, as the spec sends. The order is placed exactly as POST /orders places it (stock reserved, coupon checked again and held, hold limits, the payment provider's order), billed and delivered to the details of the account's last order, else its profile's name, email and phone. 400 names what is missing (a first order has no delivery address yet: place it from the checkout page).",
        body: cartCheckoutBodySchema,
        response: {
          201: orderPaymentReplySchema.or(codOrderReplySchema),
          400: errorReplySchema,
          401: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const details = await savedCheckoutDetails(db, await users.get(signedInUser(request).id));
      const client = orderClient(request, reply, config);
      return reply.code(201).send(await orders.place(signedInUser(request).id, details, client));
    },
  );
}
