import {
  adminOrderWriteReplySchema,
  carriersBodySchema,
  carriersReplySchema,
  errorReplySchema,
  shipOrderBodySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/auth';
import { toAdminOrder } from './order-admin-reply';
import type { CarrierRow } from './shipments.repo';

const security = [{ bearerAuth: [] }];
const toCarriers = (rows: CarrierRow[]) => ({
  carriers: rows.map((c) => ({ _id: c.id, name: c.name, trackingUrl: c.trackingUrl })),
});

/** The shop's carriers (Shop Settings) and shipping an order. */
export async function shipmentAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { shipmentAdmin, orderAdmin } = app.services;

  app.get(
    '/admin/carriers',
    {
      schema: {
        tags: ['admin: settings'],
        security,
        summary: 'The carriers the ship form offers, each with its tracking address ({tracking})',
        response: { 200: carriersReplySchema },
      },
    },
    async () => toCarriers(await shipmentAdmin.carriers()),
  );

  app.put(
    '/admin/carriers',
    {
      schema: {
        tags: ['admin: settings'],
        security,
        summary: 'Replace the list of carriers (recorded in the audit log)',
        body: carriersBodySchema,
        response: { 200: carriersReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => toCarriers(await shipmentAdmin.setCarriers(signedInUser(request), request.body)),
  );

  app.post(
    '/admin/orders/:id/ship',
    {
      schema: {
        tags: ['admin: orders'],
        security,
        summary: 'Ship a paid order: carrier, tracking number, expected delivery; Processing → Shipped',
        description:
          '`carrier` is a listed carrier’s id, or `other` with `carrierName` and an optional `trackingUrl`. The shopper is sent the tracking link. 409 when the order is not Processing or was shipped already.',
        params: z.object({ id: z.string() }),
        body: shipOrderBodySchema,
        response: {
          200: adminOrderWriteReplySchema,
          400: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request) => {
      await shipmentAdmin.ship(signedInUser(request), request.params.id, request.body);
      return { message: 'Order shipped', order: toAdminOrder(await orderAdmin.get(request.params.id)) };
    },
  );
}
