import {
  codConfirmBodySchema,
  codConfirmQuerySchema,
  codConfirmReplySchema,
  errorReplySchema,
  orderIdParamsSchema,
  payOnlineReplySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';

const tags = ['orders: cash on delivery'];
const errors = { 400: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };

/** The confirmation link's routes: no sign-in, the signed token is the proof (cod-confirmation.ts). */
export async function codLinkRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { cod } = app.services;

  app.get(
    '/orders/cod/confirm',
    {
      schema: {
        tags,
        summary:
          'The order a mailed confirmation link names (the confirmation page shows it; nothing changes)',
        querystring: codConfirmQuerySchema,
        response: { 200: codConfirmReplySchema, ...errors },
      },
    },
    async (request) => cod.preview(request.query.token),
  );

  app.post(
    '/orders/cod/confirm',
    {
      schema: {
        tags,
        summary:
          'Confirm a cash-on-delivery order by the token of its mailed link: Awaiting confirmation → Processing',
        description:
          'A second confirmation answers the same; a cancelled order (the shopper, the shop, or its deadline) is a 409 saying so.',
        body: codConfirmBodySchema,
        response: { 200: codConfirmReplySchema, ...errors },
      },
    },
    async (request) => cod.confirmByToken(request.body.token),
  );
}

/** The signed-in shopper's COD actions on their own order. */
export async function codShopperRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { cod } = app.services;
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/orders/:id/confirm-cod',
    {
      schema: {
        tags,
        summary: 'Confirm one of my cash-on-delivery orders from its page',
        params: orderIdParamsSchema,
        response: { 200: codConfirmReplySchema, 401: errorReplySchema, ...errors },
      },
    },
    async (request) => cod.confirmOwn(signedInUser(request).id, request.params.id),
  );

  app.post(
    '/orders/:id/pay-online',
    {
      schema: {
        tags,
        summary: 'Pay now online instead: a payment link (Razorpay) or the payment window (sandbox)',
        description:
          'For a cash-on-delivery order awaiting confirmation. Paid, it becomes a prepaid Processing order of the same total (the COD fee kept; decision 218).',
        params: orderIdParamsSchema,
        response: { 200: payOnlineReplySchema, 401: errorReplySchema, ...errors },
      },
    },
    async (request) => cod.payOnline(signedInUser(request).id, request.params.id),
  );
}
