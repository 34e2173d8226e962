import type { RouteModule } from '../../routes';
import { listingRoutes } from './listing.routes';

export { ListingService, type ListingServiceDeps } from './listing.service';
export type { ProductSearch } from './product-search';

/** What shoppers browse: listings, facets, search, type-ahead and product pages, and their reply cache. */
export const listingModule: RouteModule = { store: listingRoutes };
