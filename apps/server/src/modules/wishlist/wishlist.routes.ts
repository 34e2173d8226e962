import {
  errorReplySchema,
  WISHLIST_MESSAGES,
  wishlistMergeBodySchema,
  wishlistProductParamsSchema,
  wishlistReplySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';

const tags = ['wishlist'];
const security = [{ bearerAuth: [] }];
const errors = (...codes: (400 | 401 | 404 | 409)[]) =>
  Object.fromEntries(codes.map((c) => [c, errorReplySchema]));

/** The signed-in shopper's wishlist (a guest's lives in the browser). Every route answers the whole wishlist. */
export async function wishlistRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { wishlist } = app.services;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/wishlist/get',
    {
      schema: {
        tags,
        security,
        summary: 'The wishlist',
        response: { 200: wishlistReplySchema, ...errors(401) },
      },
    },
    async (request) => ({ wishlist: await wishlist.list(signedInUser(request).id) }),
  );

  app.post(
    '/wishlist/add/:productId',
    {
      schema: {
        tags,
        security,
        summary: 'Add a product (a repeat adds nothing; 409 when the wishlist is full)',
        params: wishlistProductParamsSchema,
        response: { 200: wishlistReplySchema, ...errors(401, 404, 409) },
      },
    },
    async (request) => {
      const result = await wishlist.add(signedInUser(request).id, request.params.productId);
      return {
        wishlist: result.wishlist,
        message: result.added ? WISHLIST_MESSAGES.added : WISHLIST_MESSAGES.alreadyThere,
      };
    },
  );

  app.delete(
    '/wishlist/remove/:productId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a product',
        params: wishlistProductParamsSchema,
        response: { 200: wishlistReplySchema, ...errors(401, 404) },
      },
    },
    async (request) => ({
      wishlist: await wishlist.remove(signedInUser(request).id, request.params.productId),
      message: WISHLIST_MESSAGES.removed,
    }),
  );

  app.post(
    '/wishlist/merge',
    {
      schema: {
        tags,
        security,
        summary: 'Add the guest wishlist’s products (those that still exist) to the account’s',
        body: wishlistMergeBodySchema,
        response: { 200: wishlistReplySchema, ...errors(400, 401) },
      },
    },
    async (request) => ({
      wishlist: await wishlist.merge(
        signedInUser(request).id,
        request.body.guestLikes.map((like) => like._id),
      ),
    }),
  );
}
