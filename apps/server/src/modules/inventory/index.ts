import type { RouteModule } from '../../routes';
import { inventoryAdminRoutes } from './inventory.admin-routes';

export type { InventoryService } from './inventory.service';

/**
 * The admin's stock: a product's variant matrix, the stock screen, the inventory ledger per variant
 * and the low-stock threshold. Stock moves through inventory_move (migration 0033) only.
 */
export const inventoryModule: RouteModule = { admin: inventoryAdminRoutes };
