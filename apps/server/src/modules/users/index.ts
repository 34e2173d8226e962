import type { FastifyInstance } from 'fastify';
import type { RouteModule } from '../../routes';
import { accountRoutes } from './account.routes';
import { oidcRoutes } from './oidc.routes';
import { passwordRoutes } from './password.routes';

/** Accounts and sessions: /users/* and /auth/oidc/*. */
export const usersModule: RouteModule = {
  async store(app: FastifyInstance) {
    await app.register(accountRoutes);
    await app.register(passwordRoutes);
    await app.register(oidcRoutes);
  },
};
