import type { FastifyInstance } from 'fastify';
import type { RouteModule } from '../../routes';
import { accountRoutes } from './account.routes';
import { oidcRoutes } from './oidc.routes';
import { passwordRoutes } from './password.routes';
import { usersAdminRoutes } from './users.admin-routes';

// For the create-admin command (cli/create-admin.ts), which works on the database without the app.
export { PasswordPolicy } from './password-policy';
export { deleteSessionsOfUser } from './sessions.repo';
export type { UserAdminService } from './user-admin.service';
export { profileImageUrl } from './user-reply';
export { findUserByEmail, insertUser, updateUser } from './users.repo';
export type { AuthUser, UsersService } from './users.service';

/** Accounts and sessions: /users/* and /auth/oidc/*; admins manage users at /users/all, /users/update, /users/delete. */
export const usersModule: RouteModule = {
  async store(app: FastifyInstance) {
    // Every reply here carries personal data, a token or a sign-in outcome: never kept by a cache.
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    await app.register(accountRoutes);
    await app.register(passwordRoutes);
    await app.register(oidcRoutes);
  },
  admin: usersAdminRoutes,
};
