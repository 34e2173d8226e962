import type { FastifyInstance } from 'fastify';
import type { RouteModule } from '../../routes';
import { cartRoutes } from './cart.routes';
import { cartQuoteRoutes } from './cart-quote.routes';

export type { MergedCart, PricedCart, PricedCartLine } from './cart.types';

/** The guest cart's quote (public), then the signed-in shopper's cart (its own sign-in hook). */
async function cartStoreRoutes(app: FastifyInstance) {
  await app.register(cartQuoteRoutes);
  await app.register(cartRoutes);
}

/** The signed-in shopper's cart and its coupon, and the price of a guest's. */
export const cartModule: RouteModule = { store: cartStoreRoutes };
