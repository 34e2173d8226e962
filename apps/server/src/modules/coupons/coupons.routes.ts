import { applyCouponBodySchema, couponCheckReplySchema, errorReplySchema } from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ensureDeviceId } from '../../lib/device-id';
import { networkOf } from '../../lib/network-address';

/** POST /coupons/check: a guest's coupon, checked for the cart the browser keeps. Open to anyone. */
export async function couponRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { couponCheck } = app.services;
  const { config } = app.deps;

  app.post(
    '/coupons/check',
    {
      schema: {
        tags: ['coupons'],
        summary: 'Check a coupon code for a guest’s cart (any case): its percent off, or why not',
        description:
          'Refused with the same messages as PUT /cart/apply-coupon: unknown (404), expired (400), no redemptions left (409). Nothing is held: checkout checks the code again. Each check counts against the browser (its `bazaar_device` cookie, set when missing) and its address (COUPON_CHECKS_PER_DEVICE, COUPON_CHECKS_PER_ADDRESS an hour; 429 with Retry-After past them).',
        body: applyCouponBodySchema,
        response: {
          200: couponCheckReplySchema,
          400: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
          429: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const options = { secret: config.jwtSecret, secure: config.publicUrl.startsWith('https:') };
      const who = { deviceId: ensureDeviceId(request, reply, options), network: networkOf(request.ip) };
      return couponCheck.check(request.body.coupon, who);
    },
  );
}
