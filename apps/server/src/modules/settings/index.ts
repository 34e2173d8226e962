import type { RouteModule } from '../../routes';
import { settingsAdminRoutes } from './settings.admin-routes';
import { settingsRoutes } from './settings.routes';

export type { HoldRules, SettingsService, ShopTaxSetup } from './settings.service';

/** Shop settings: everyone reads them (GET /settings); admins change them (PUT /settings). */
export const settingsModule: RouteModule = { store: settingsRoutes, admin: settingsAdminRoutes };
