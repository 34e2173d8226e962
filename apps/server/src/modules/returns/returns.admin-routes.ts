import {
  adminReturnsQuerySchema,
  adminReturnsReplySchema,
  approveReturnBodySchema,
  cancelItemsBodySchema,
  cancelItemsReplySchema,
  errorReplySchema,
  idSchema,
  rejectReturnBodySchema,
  returnRequestSchema,
  returnRequestsReplySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/auth';

const tags = ['admin: orders'];
const security = [{ bearerAuth: [] }];
const params = z.object({ id: idSchema });
const errors = { 400: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };

/** An admin's returns: list, approve, reject (with a message), receive (stock back), refund; every write audited. */
export async function returnsAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { returns } = app.services;

  app.get(
    '/admin/returns',
    {
      schema: {
        tags,
        security,
        summary: 'Every order’s return requests, newest first, a page at a time; one status or all',
        querystring: adminReturnsQuerySchema,
        response: { 200: adminReturnsReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => returns.listPage(request.query),
  );

  app.get(
    '/admin/returns/:id/photo',
    {
      schema: {
        tags,
        security,
        summary: 'The shopper’s photo of a return request (image/webp)',
        params,
        response: {
          200: z.unknown().describe('The photo (WebP)'),
          400: errorReplySchema,
          404: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const data = await returns.photo(null, request.params.id);
      return reply.type('image/webp').header('cache-control', 'private, no-store').send(data);
    },
  );

  app.get(
    '/admin/orders/:id/returns',
    {
      schema: {
        tags,
        security,
        summary: "An order's return requests",
        params,
        response: { 200: returnRequestsReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => ({ returns: await returns.list({ orderId: request.params.id }) }),
  );

  app.post(
    '/admin/returns/:id/approve',
    {
      schema: {
        tags,
        security,
        summary: 'Approve a requested return, with an optional message to the shopper (audited)',
        params,
        body: approveReturnBodySchema,
        response: { 200: returnRequestSchema, ...errors },
      },
    },
    async (request) => returns.approve(signedInUser(request), request.params.id, request.body.message),
  );

  app.post(
    '/admin/returns/:id/reject',
    {
      schema: {
        tags,
        security,
        summary: 'Reject a requested return, telling the shopper why (audited)',
        params,
        body: rejectReturnBodySchema,
        response: { 200: returnRequestSchema, ...errors },
      },
    },
    async (request) => returns.reject(signedInUser(request), request.params.id, request.body.message),
  );

  app.post(
    '/admin/returns/:id/receive',
    {
      schema: {
        tags,
        security,
        summary: 'Mark an approved return’s goods received: their stock comes back (audited)',
        params,
        response: { 200: returnRequestSchema, ...errors },
      },
    },
    async (request) => returns.receive(signedInUser(request), request.params.id),
  );

  app.post(
    '/admin/returns/:id/refund',
    {
      schema: {
        tags,
        security,
        summary: 'Refund a received return: the lines’ share of the payment (audited); a credit note follows',
        params,
        response: { 200: returnRequestSchema, ...errors },
      },
    },
    async (request) => returns.refund(signedInUser(request), request.params.id),
  );

  app.post(
    '/admin/orders/:id/cancel-items',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel some items of a paid order that has not shipped, with a reason (audited)',
        params,
        body: cancelItemsBodySchema,
        response: { 200: cancelItemsReplySchema, ...errors },
      },
    },
    async (request) =>
      returns.cancelItems({ kind: 'admin', user: signedInUser(request) }, request.params.id, request.body),
  );
}
