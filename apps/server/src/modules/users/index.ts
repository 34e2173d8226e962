import type { FastifyInstance } from 'fastify';
import type { RouteModule } from '../../routes';
import { accountRoutes } from './account.routes';
import { oidcRoutes } from './oidc.routes';
import { passwordRoutes } from './password.routes';
import { usersAdminRoutes } from './users.admin-routes';

/** Accounts and sessions: /users/* and /auth/oidc/*; admins manage users at /users/all, /users/update, /users/delete. */
export const usersModule: RouteModule = {
  async store(app: FastifyInstance) {
    await app.register(accountRoutes);
    await app.register(passwordRoutes);
    await app.register(oidcRoutes);
  },
  admin: usersAdminRoutes,
};
