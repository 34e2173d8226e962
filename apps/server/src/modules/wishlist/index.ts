import type { RouteModule } from '../../routes';
import { wishlistRoutes } from './wishlist.routes';

/** The signed-in shopper's wishlist. */
export const wishlistModule: RouteModule = { store: wishlistRoutes };
