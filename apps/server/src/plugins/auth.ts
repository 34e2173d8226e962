import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors';
import { verifySessionToken } from '../lib/tokens';
import { findUserById } from '../modules/users/users.repo';

/** The signed-in user as the database says now, not as the token claimed when issued. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin / optionalUser; null for guests. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid, current session token is sent. */
    requireUser: PreHandler;
    /** preHandler: as requireUser, then 403 unless the user is an admin. */
    requireAdmin: PreHandler;
    /** preHandler: sets request.user when a valid token is sent; guests (and bad tokens) pass as null. */
    optionalUser: PreHandler;
  }
}

const MESSAGES = {
  missing: 'Please log in to continue.',
  invalid: 'Your session is not valid. Please log in again.',
  expired: 'Your session has expired. Please log in again.',
} as const;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** Reads a session for other modules: `request.user` after requireUser, with the type narrowed. */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized(MESSAGES.missing);
  return request.user;
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);

    async function resolve(request: FastifyRequest): Promise<AuthUser | keyof typeof MESSAGES> {
      const token = bearerToken(request);
      if (!token) return 'missing';
      const verified = await verifySessionToken(token, app.config.jwtSecret);
      if (!verified.ok) return verified.problem;
      const row = await findUserById(app.db, verified.claims.userId);
      // A deleted account, or a token minted before the last password change or reset.
      if (!row || row.tokenVersion !== verified.claims.tokenVersion) return 'invalid';
      return { id: row.id, name: row.name, email: row.email, isAdmin: row.isAdmin };
    }

    const requireUser: PreHandler = async (request) => {
      const result = await resolve(request);
      if (typeof result === 'string') throw unauthorized(MESSAGES[result]);
      request.user = result;
    };

    app.decorate('requireUser', requireUser);
    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await requireUser(request, reply);
      if (!request.user?.isAdmin) throw forbidden('Only shop administrators can do this.');
    });
    app.decorate('optionalUser', async (request: FastifyRequest) => {
      const result = await resolve(request);
      request.user = typeof result === 'string' ? null : result;
    });
  },
  { name: 'auth' },
);
