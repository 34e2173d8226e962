import {
  cancelItemsBodySchema,
  cancelItemsReplySchema,
  createReturnBodySchema,
  errorReplySchema,
  idSchema,
  orderAfterSaleSchema,
  orderIdParamsSchema,
  RETURN_PHOTO_LIMITS,
  returnRequestSchema,
  returnRequestsReplySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { readMultipartForm } from '../../lib/multipart-form';
import { signedInUser } from '../../plugins/auth';

const returnParams = z.object({ id: idSchema });
/** The photo form's share of the multipart parser: one picture, no fields. */
const PHOTO_LIMITS = { fileSize: RETURN_PHOTO_LIMITS.bytes, files: 1, fields: 0, fieldSize: 100 };

const tags = ['orders'];
const errors = { 400: errorReplySchema, 401: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };

/** The shopper's returns and cancellations of some items; all need a signed-in user. */
export async function returnsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { returns } = app.services;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/returns',
    {
      schema: {
        tags,
        summary: "The caller's return requests, newest first",
        response: { 200: returnRequestsReplySchema, 401: errorReplySchema },
      },
    },
    async (request) => ({ returns: await returns.listOwn(signedInUser(request).id) }),
  );

  app.get(
    '/orders/:id/after-sale',
    {
      schema: {
        tags,
        summary: 'What the caller can still return or cancel of one of their orders, and its return requests',
        params: orderIdParamsSchema,
        response: { 200: orderAfterSaleSchema, ...errors },
      },
    },
    async (request) => returns.afterSale(signedInUser(request).id, request.params.id),
  );

  app.post(
    '/orders/:id/returns',
    {
      schema: {
        tags,
        summary: 'Ask to return delivered items of one of the caller’s orders, each with a reason',
        description:
          '409 outside the return window (the shop’s days from delivery) or for more units than bought less those cancelled or already asked back.',
        params: orderIdParamsSchema,
        body: createReturnBodySchema,
        response: { 201: returnRequestSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await returns.request(signedInUser(request).id, request.params.id, request.body)),
  );

  app.put(
    '/returns/:id/photo',
    {
      schema: {
        tags,
        summary: 'Attach the one optional photo to the caller’s return request while it waits for an answer',
        description:
          'multipart/form-data with one `photo` file: JPEG, PNG, WebP, GIF or AVIF, at most 5 MB; stored as WebP. 409 once it has a photo or the shop has answered.',
        consumes: ['multipart/form-data'],
        params: returnParams,
        response: { 200: returnRequestSchema, ...errors, 413: errorReplySchema, 415: errorReplySchema },
      },
    },
    async (request) => {
      const form = await readMultipartForm(app, request, {
        limits: PHOTO_LIMITS,
        fileField: 'photo',
        fileTooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 'The photo must be at most 5 MB.'),
      });
      return returns.attachPhoto(signedInUser(request).id, request.params.id, form.files[0]);
    },
  );

  app.get(
    '/returns/:id/photo',
    {
      schema: {
        tags,
        summary: 'The photo of one of the caller’s return requests (image/webp)',
        params: returnParams,
        response: {
          200: z.unknown().describe('The photo (WebP)'),
          400: errorReplySchema,
          401: errorReplySchema,
          404: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const data = await returns.photo(signedInUser(request).id, request.params.id);
      return reply.type('image/webp').header('cache-control', 'private, no-store').send(data);
    },
  );

  app.post(
    '/orders/:id/cancel-items',
    {
      schema: {
        tags,
        summary: 'Cancel some items of a paid order that has not shipped, with a reason',
        description:
          'Stock comes back and the items’ share of the payment (coupon, shipping and tax shared by the written rule) is refunded. Cancelling every item cancels the order.',
        params: orderIdParamsSchema,
        body: cancelItemsBodySchema,
        response: { 200: cancelItemsReplySchema, ...errors },
      },
    },
    async (request) =>
      returns.cancelItems(
        { kind: 'shopper', userId: signedInUser(request).id },
        request.params.id,
        request.body,
      ),
  );
}
