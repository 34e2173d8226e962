import { cartQuoteBodySchema, cartReplySchema, errorReplySchema } from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toCartReply } from './cart-reply';

/**
 * A guest's cart priced by the server (no sign-in: nothing is stored, nothing is charged), so the
 * browser's cart shows the same figures and tax rows ("incl. GST ₹…" in GST mode) as an account's.
 */
export async function cartQuoteRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { cart } = app.services;

  app.post(
    '/cart/quote',
    {
      schema: {
        tags: ['cart'],
        summary: 'Price a guest’s cart as an account’s cart would be priced (nothing is saved)',
        description:
          'Live prices, the variant chosen, the coupon if usable now, the default zone’s delivery fee and the shop’s tax mode. Lines of products gone or no longer sold in that colour or size are left out. Checkout prices the account’s own cart again.',
        body: cartQuoteBodySchema,
        response: { 200: cartReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => {
      const lines = request.body.guestCart.map((line) => ({
        productId: line._id,
        quantity: line.qty,
        colour: line.colour,
        size: line.size,
      }));
      return toCartReply(await cart.quote(lines, request.body.coupon));
    },
  );
}
