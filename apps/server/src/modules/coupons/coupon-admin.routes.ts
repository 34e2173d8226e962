import {
  couponBodySchema,
  couponListQuerySchema,
  couponListSchema,
  couponWriteReplySchema,
  deletedReplySchema,
  errorReplySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/auth';
import { toAdminCoupon } from './coupon-admin-reply';

const tags = ['admin: coupons'];
const security = [{ bearerAuth: [] }];
const params = z.object({ couponId: z.string() });
const refusals = { 400: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };

/** Coupons admin at the spec's paths. */
export async function couponAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { couponAdmin } = app.services;
  const now = () => app.deps.clock.now();

  app.get(
    '/coupons/get-coupons',
    {
      schema: {
        tags,
        security,
        summary:
          'Coupons, newest first, with how many times each was used; shop coupons, welcome codes or both',
        querystring: couponListQuerySchema,
        response: { 200: couponListSchema, 400: errorReplySchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { coupons, total } = await couponAdmin.list(request.query);
      const at = now();
      return {
        coupons: coupons.map((c) => toAdminCoupon(c, at)),
        total,
        page,
        pages: Math.ceil(total / limit),
      };
    },
  );

  app.post(
    '/coupons/create-coupon',
    {
      schema: {
        tags,
        security,
        summary:
          'Create a coupon: code unique whatever its case, discount 1–100, usage limit at least 1, expiry optional',
        body: couponBodySchema,
        response: { 201: couponWriteReplySchema, 400: errorReplySchema, 409: errorReplySchema },
      },
    },
    async (request, reply) => {
      const coupon = await couponAdmin.create(signedInUser(request), request.body);
      return reply
        .code(201)
        .send({ message: 'Coupon created successfully!', coupon: toAdminCoupon(coupon, now()) });
    },
  );

  app.put(
    '/coupons/update-coupon/:couponId',
    {
      schema: {
        tags,
        security,
        summary: 'Replace a coupon’s code, discount, usage limit and expiry',
        description: 'The usage limit cannot go below the uses already counted (409).',
        params,
        body: couponBodySchema,
        response: { 200: couponWriteReplySchema, ...refusals },
      },
    },
    async (request) => {
      const coupon = await couponAdmin.update(signedInUser(request), request.params.couponId, request.body);
      return { message: 'Coupon updated successfully!', coupon: toAdminCoupon(coupon, now()) };
    },
  );

  app.delete(
    '/coupons/delete-coupon/:couponId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a coupon; orders that used it keep its code and percent',
        params,
        response: { 200: deletedReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const { id } = await couponAdmin.remove(signedInUser(request), request.params.couponId);
      return { message: 'Coupon deleted successfully!', _id: id };
    },
  );
}
