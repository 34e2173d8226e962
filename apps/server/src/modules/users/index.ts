import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account.routes';
import { MemoryAttemptStore } from './attempt-limiter';
import { DEFAULT_AUTH_LIMITS } from './auth-limits';
import { oidcRoutes } from './oidc.routes';
import { OidcSignIn } from './oidc.service';
import { passwordRoutes } from './password.routes';
import { PROFILE_IMAGE_MAX_BYTES } from './profile-image';
import type { UsersDeps } from './users.service';

/** Accounts and sessions: /users/* and /auth/oidc/*. Needs the auth and mailer plugins. */
export async function usersModule(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 4096 },
  });
  const deps: UsersDeps = {
    db: app.db,
    jwtSecret: app.config.jwtSecret,
    storage: app.storage,
    attempts: new MemoryAttemptStore(),
    limits: { ...DEFAULT_AUTH_LIMITS, ...app.config.authLimits },
    log: app.log,
  };
  const signIn = new OidcSignIn(app.config.oidc, app.config.publicUrl);
  await app.register(accountRoutes, { deps });
  await app.register(passwordRoutes, { deps });
  await app.register(oidcRoutes, { deps, signIn });
}
