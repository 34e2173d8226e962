import {
  adminOrderFilterSchema,
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderSchema,
  adminOrderWriteReplySchema,
  deletedReplySchema,
  errorReplySchema,
  markPaidBodySchema,
  orderStatusBodySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/auth';
import { toAdminOrder, toAdminOrderSummary } from './order-admin-reply';

const tags = ['admin: orders'];
const security = [{ bearerAuth: [] }];
const params = z.object({ id: z.string() });
const refusals = { 400: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };

/** Orders admin at the spec's paths (its capital O in the delete path included), and the CSV export. */
export async function orderAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { orderAdmin } = app.services;

  app.get(
    '/orders/all',
    {
      schema: {
        tags,
        security,
        summary: 'Orders by status rank (Pending first, Cancelled last) then newest; searched and filtered',
        description:
          'search matches the customer name, email and id, the order id, the shipping address, city, state, postal code and country, the payment method, the payment email and item names.',
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListSchema, 400: errorReplySchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { orders, total, counts } = await orderAdmin.list(request.query);
      return {
        orders: orders.map(toAdminOrderSummary),
        total,
        page,
        pages: Math.ceil(total / limit),
        counts,
      };
    },
  );

  app.get(
    '/orders/order/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One order: items, address, payment, delivery and status history',
        params,
        response: { 200: adminOrderSchema, 404: errorReplySchema },
      },
    },
    async (request) => toAdminOrder(await orderAdmin.get(request.params.id)),
  );

  app.put(
    '/orders/mark-paid/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Mark as Paid (records a payment by hand) or Unpaid (takes back such a payment)',
        description:
          'Paid: Pending → Processing. Unpaid: Processing → Pending, only when no payment was taken online. Refusals are 409 with the reason.',
        params,
        body: markPaidBodySchema,
        response: { 200: adminOrderWriteReplySchema, ...refusals },
      },
    },
    async (request) => {
      const order = await orderAdmin.setPayment(
        signedInUser(request),
        request.params.id,
        request.body.paymentStatus,
      );
      return { message: 'Payment Status Updated Successfully', order: toAdminOrder(order) };
    },
  );

  app.put(
    '/orders/status/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Move an order to another status, if the order lifecycle allows it',
        description:
          'Refused with 409 and the reason (naming the possible moves) otherwise. Cancelling or returning puts the stock back.',
        params,
        body: orderStatusBodySchema,
        response: { 200: adminOrderWriteReplySchema, ...refusals },
      },
    },
    async (request) => {
      const { orderStatus, note } = request.body;
      const order = await orderAdmin.setStatus(signedInUser(request), request.params.id, orderStatus, note);
      return { message: 'Order Status Updated Successfully', order: toAdminOrder(order) };
    },
  );

  app.delete(
    '/Orders/delete/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a cancelled order that was never paid; replies with its id',
        description:
          "A paid order stays in the shop's records, and any other order is cancelled first (409).",
        params,
        response: { 200: deletedReplySchema, 404: errorReplySchema, 409: errorReplySchema },
      },
    },
    async (request) => {
      const { id } = await orderAdmin.remove(signedInUser(request), request.params.id);
      return { message: 'Order deleted successfully', _id: id };
    },
  );

  app.get(
    '/admin/orders.csv',
    {
      schema: {
        tags,
        security,
        summary:
          'The orders matching search and status as CSV, in the list’s order; recorded in the audit log',
        querystring: adminOrderFilterSchema,
        produces: ['text/csv'],
        response: { 200: z.string(), 400: errorReplySchema },
      },
    },
    async (request, reply) => {
      const { csv } = await orderAdmin.exportCsv(signedInUser(request), request.query);
      const day = app.deps.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
