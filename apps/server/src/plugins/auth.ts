import { SESSION_TOKEN_HEADER } from '@bazaar/shared/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import type { AuthUser, UsersService } from '../modules/users/index';

export type { AuthUser } from '../modules/users/index';

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin / optionalUser; null for guests. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Hook: 401 unless a valid, current session token is sent. */
    requireUser: PreHandler;
    /** Hook: as requireUser, then 403 unless the user is an admin. The admin scope runs it once for all its routes. */
    requireAdmin: PreHandler;
    /** Hook: sets request.user when a valid token is sent; guests (and bad tokens) pass as null. */
    optionalUser: PreHandler;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** Reads a session for other modules: `request.user` after requireUser, with the type narrowed. */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('Please log in to continue.');
  return request.user;
}

/**
 * Sessions: the bearer token is checked by the users service against the session's row (one query
 * with the user's). A reply to a signed-in request is personal: never cached, and it carries a renewed
 * token when the session's token is due for one.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { users: Pick<UsersService, 'authenticate'> }) => {
    const { users } = opts;
    app.decorateRequest('user', null);

    const signIn = async (request: FastifyRequest, reply: FastifyReply) => {
      const { user, renewedToken } = await users.authenticate(bearerToken(request));
      request.user = user;
      reply.header('cache-control', 'no-store');
      if (renewedToken) reply.header(SESSION_TOKEN_HEADER, renewedToken);
    };

    app.decorate('requireUser', signIn);
    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await signIn(request, reply);
      if (!request.user?.isAdmin) throw forbidden('Only shop administrators can do this.');
    });
    app.decorate('optionalUser', async (request: FastifyRequest, reply: FastifyReply) => {
      await signIn(request, reply).catch((error) => {
        if (!(error instanceof AppError)) throw error;
        request.user = null;
      });
    });
  },
  { name: 'auth' },
);
