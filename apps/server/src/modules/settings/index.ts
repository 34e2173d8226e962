import type { RouteModule } from '../../routes';
import { settingsRoutes } from './settings.routes';

/** Shop settings: the public read. The admin issue adds the update under `admin`. */
export const settingsModule: RouteModule = { store: settingsRoutes };
