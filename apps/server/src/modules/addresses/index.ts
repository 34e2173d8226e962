import type { RouteModule } from '../../routes';
import { addressesRoutes } from './addresses.routes';

export { AddressesService } from './addresses.service';

/** The shopper's address book: /users/addresses. Checkout reads it through services.addresses. */
export const addressesModule: RouteModule = { store: addressesRoutes };
