import type { RouteModule } from '../../routes';
import { cartRoutes } from './cart.routes';

export type { MergedCart, PricedCart, PricedCartLine } from './cart.types';

/** The signed-in shopper's cart and its coupon. */
export const cartModule: RouteModule = { store: cartRoutes };
