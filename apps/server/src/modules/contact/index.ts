import type { RouteModule } from '../../routes';
import { contactAdminRoutes } from './contact.admin-routes';
import { contactRoutes } from './contact.routes';

/** Contact messages: shoppers send them at /users/contactUs; admins read them in their inbox. */
export const contactModule: RouteModule = { store: contactRoutes, admin: contactAdminRoutes };
