import type { RouteModule } from '../../routes';
import { aiAdminRoutes } from './ai.admin-routes';

/** The admin's AI description helper. */
export const aiModule: RouteModule = { admin: aiAdminRoutes };
