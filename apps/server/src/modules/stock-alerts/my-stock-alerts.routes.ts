import {
  errorReplySchema,
  messageReplySchema,
  myStockAlertListSchema,
  myStockAlertParamsSchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import { ALERT_REMOVED } from './stock-alerts.service';

const tags = ['stock-alerts'];
const security = [{ bearerAuth: [] }];

/** My alerts: a signed-in shopper lists the back-in-stock alerts of their account and removes one. */
export async function myStockAlertRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { stockAlerts } = app.services;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/stock-alerts/mine',
    {
      schema: {
        tags,
        security,
        summary: 'My back-in-stock alerts, newest first (removed ones left out)',
        response: { 200: myStockAlertListSchema, 401: errorReplySchema },
      },
    },
    async (request) => stockAlerts.mine(signedInUser(request).id),
  );

  app.delete(
    '/stock-alerts/mine/:alertId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove one of my alerts: no mail is sent for it',
        params: myStockAlertParamsSchema,
        response: {
          200: messageReplySchema,
          400: errorReplySchema,
          401: errorReplySchema,
          404: errorReplySchema,
        },
      },
    },
    async (request) => {
      await stockAlerts.remove(signedInUser(request).id, request.params.alertId);
      return { message: ALERT_REMOVED };
    },
  );
}
