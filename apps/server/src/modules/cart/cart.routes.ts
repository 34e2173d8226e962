import {
  applyCouponBodySchema,
  cartAddBodySchema,
  cartMergeBodySchema,
  cartMergeReplySchema,
  cartProductParamsSchema,
  cartRemoveQuerySchema,
  cartReplySchema,
  cartUpdateBodySchema,
  errorReplySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import { toCartMergeReply, toCartReply } from './cart-reply';

const tags = ['cart'];
const security = [{ bearerAuth: [] }];
const errors = (...codes: (400 | 401 | 404 | 409)[]) =>
  Object.fromEntries(codes.map((c) => [c, errorReplySchema]));

/**
 * The signed-in shopper's cart (a guest's lives in the browser). Every route answers the whole cart,
 * priced by the server from the live catalogue.
 */
export async function cartRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { cart } = app.services;
  // Refused before the body is read: only the owner of a session has a cart, and only their own.
  app.addHook('onRequest', app.requireUser);

  // The spec lists both paths for one read (the admin document's GET /cart fetches the coupon by user).
  for (const url of ['/cart/get', '/cart']) {
    app.get(
      url,
      {
        schema: {
          tags,
          security,
          summary: 'The cart, with its coupon',
          description: 'GET /cart/get and GET /cart answer the same.',
          response: { 200: cartReplySchema, ...errors(401) },
        },
      },
      async (request) => toCartReply(await cart.get(signedInUser(request).id)),
    );
  }

  app.post(
    '/cart/add',
    {
      schema: {
        tags,
        security,
        summary: 'Add a product in a colour and size (the same line again raises its quantity)',
        description:
          'Quantity 1..99 per line and at most the stock; colour and size must be among the product’s own. At most 100 lines.',
        body: cartAddBodySchema,
        response: { 200: cartReplySchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => toCartReply(await cart.add(signedInUser(request).id, request.body)),
  );

  app.put(
    '/cart/update/:productId',
    {
      schema: {
        tags,
        security,
        summary: 'Set a line’s quantity (1..99, at most the stock)',
        description: 'With several lines of the product (colours, sizes), `colour` and `size` say which.',
        params: cartProductParamsSchema,
        body: cartUpdateBodySchema,
        response: { 200: cartReplySchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) =>
      toCartReply(await cart.update(signedInUser(request).id, request.params.productId, request.body)),
  );

  app.delete(
    '/cart/remove/:productId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a product’s line (with colour and/or size), or every line of it',
        params: cartProductParamsSchema,
        querystring: cartRemoveQuerySchema,
        response: { 200: cartReplySchema, ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      toCartReply(await cart.remove(signedInUser(request).id, request.params.productId, request.query)),
  );

  app.delete(
    '/cart/clear',
    {
      schema: {
        tags,
        security,
        summary: 'Empty the cart and drop its coupon',
        response: { 200: cartReplySchema, ...errors(401) },
      },
    },
    async (request) => toCartReply(await cart.empty(signedInUser(request).id)),
  );

  app.post(
    '/cart/merge',
    {
      schema: {
        tags,
        security,
        summary: 'Add the guest cart’s lines to the account’s cart',
        description:
          'By the same rules as add. `changes` lists what did not come across as the guest had it: products gone, out of stock or no longer offered in that colour or size (left out), quantities lowered to the stock, prices changed. A `coupon` the guest applied is checked again and applied to the cart when usable; otherwise `couponRefusal` says why and the cart keeps its own.',
        body: cartMergeBodySchema,
        response: { 200: cartMergeReplySchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const lines = request.body.guestCart.map((line) => ({
        productId: line._id,
        quantity: line.qty,
        colour: line.colour,
        size: line.size,
        name: line.name,
        priceRupees: line.price,
        discount: line.discount,
      }));
      return toCartMergeReply(await cart.merge(signedInUser(request).id, lines, request.body.coupon));
    },
  );

  app.put(
    '/cart/apply-coupon',
    {
      schema: {
        tags,
        security,
        summary: 'Apply a coupon code (any case)',
        description:
          'Refused with its own message when the code does not exist (404), has expired (400) or has no redemptions left (409).',
        body: applyCouponBodySchema,
        response: { 200: cartReplySchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => toCartReply(await cart.applyCoupon(signedInUser(request).id, request.body.coupon)),
  );

  app.delete(
    '/cart/coupon',
    {
      schema: {
        tags,
        security,
        summary: 'Remove the applied coupon',
        response: { 200: cartReplySchema, ...errors(401) },
      },
    },
    async (request) => toCartReply(await cart.removeCoupon(signedInUser(request).id)),
  );
}
