import type { RouteModule } from '../../routes';
import { newsletterAdminRoutes } from './newsletter.admin-routes';
import { newsletterRoutes } from './newsletter.routes';

/** The newsletter: sign-up and unsubscribe for everyone; the subscriber list and its export for admins. */
export const newsletterModule: RouteModule = { store: newsletterRoutes, admin: newsletterAdminRoutes };
