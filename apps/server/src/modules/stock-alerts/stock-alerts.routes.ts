import {
  errorReplySchema,
  messageReplySchema,
  stockAlertBodySchema,
  stockAlertReplySchema,
  stockAlertTokenQuerySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { myStockAlertRoutes } from './my-stock-alerts.routes';

export const ALERT_UNSUBSCRIBED = 'Done: we will not email you about it.';

const tags = ['stock-alerts'];
const oneClickBody = z
  .object({ 'List-Unsubscribe': z.literal('One-Click') })
  .partial()
  .strict()
  .nullish();

/** "Notify me" on a sold-out variant, and the two links of its mails (confirm, unsubscribe). */
export async function stockAlertRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { stockAlerts } = app.services;
  // Its own context: the sign-in hook covers My alerts only, not the links guests follow.
  await app.register(myStockAlertRoutes);

  // Mail clients send RFC 8058's one-click body as a form; only this module's routes read one here.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    '/stock-alerts',
    {
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: 'Ask to be emailed once when a sold-out variant is back in stock',
        description:
          'Signed in: the account’s address, active at once. A guest gives an address and confirms it by the signed link mailed to it (the same answer whether or not it asked before). 409 when the variant is in stock; 404 when it is not on sale; 429 past the limits per network, address and account.',
        body: stockAlertBodySchema,
        response: {
          200: stockAlertReplySchema,
          400: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
          429: errorReplySchema,
        },
      },
    },
    async (request) => stockAlerts.subscribe(request.body, request.user, request.ip),
  );

  app.get(
    '/stock-alerts/confirm',
    {
      schema: {
        tags,
        summary: 'The confirmation link of a guest’s alert: activates it, then shows the product',
        querystring: stockAlertTokenQuerySchema,
        response: { 400: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema },
      },
    },
    async (request, reply) => {
      const { productId } = await stockAlerts.confirm(request.query.token);
      return reply.redirect(`/product/${encodeURIComponent(productId)}?alert=confirmed`, 303);
    },
  );

  app.post(
    '/stock-alerts/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Cancel an alert with the signed token of its mail (RFC 8058 one-click)',
        description:
          'The List-Unsubscribe header of each alert mail points here; mail clients POST `List-Unsubscribe=One-Click` as a form. Twice is fine.',
        querystring: stockAlertTokenQuerySchema,
        body: oneClickBody,
        response: { 200: messageReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => {
      await stockAlerts.unsubscribe(request.query.token);
      return { message: ALERT_UNSUBSCRIBED };
    },
  );

  app.get(
    '/stock-alerts/unsubscribe',
    {
      schema: {
        tags,
        summary: 'The unsubscribe link in the text of an alert mail: cancels it, then shows the shop',
        querystring: stockAlertTokenQuerySchema,
        response: { 400: errorReplySchema },
      },
    },
    async (request, reply) => {
      await stockAlerts.unsubscribe(request.query.token);
      return reply.redirect('/?alert=unsubscribed', 303);
    },
  );
}
