import { errorReplySchema, oidcConfigReplySchema } from '@bazaar/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { signPayload, verifyPayload } from '../../lib/tokens';
import {
  findOrCreateOidcUser,
  OIDC_NOT_CONFIGURED,
  type OidcPending,
  type OidcSignIn,
  OidcSignInError,
  safeNextPath,
} from './oidc.service';
import { sessionFor, type UsersDeps } from './users.service';

const tags = ['auth'];
const COOKIE = 'bazaar_oidc';
const COOKIE_PATH = '/api/auth/oidc';
const STATE_AUDIENCE = 'bazaar-oidc-state';
const STATE_TTL_SECONDS = 10 * 60;
const GENERIC_FAILURE = 'Login failed, please try again';

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

function stateCookie(value: string, maxAge: number, secure: boolean): string {
  return `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The SPA's login page reads the outcome from the fragment, which browsers never send to a server. */
function toLogin(reply: FastifyReply, outcome: { token: string; next: string } | { error: string }) {
  const fragment = new URLSearchParams(
    'token' in outcome ? { token: outcome.token, next: outcome.next } : { error: outcome.error },
  );
  return reply.header('cache-control', 'no-store').redirect(`/login#${fragment.toString()}`, 302);
}

/** 'Log In With Google': OpenID Connect authorization code flow with PKCE. */
export async function oidcRoutes(
  base: FastifyInstance,
  { deps, signIn }: { deps: UsersDeps; signIn: OidcSignIn },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const secure = app.config.publicUrl.startsWith('https:');

  app.get(
    '/auth/oidc/config',
    {
      schema: {
        tags,
        summary: 'Whether sign-in with Google is available',
        response: { 200: oidcConfigReplySchema },
      },
    },
    async () => ({ enabled: signIn.enabled }),
  );

  app.get(
    '/auth/oidc/start',
    {
      schema: {
        tags,
        summary: 'Redirect the browser to the identity provider',
        querystring: z.object({ next: z.string().max(500).optional() }),
        response: { 404: errorReplySchema },
      },
    },
    async (request, reply) => {
      if (!signIn.enabled) throw notFound(OIDC_NOT_CONFIGURED);
      let started: Awaited<ReturnType<OidcSignIn['start']>>;
      try {
        started = await signIn.start(safeNextPath(request.query.next));
      } catch (err) {
        request.log.error({ err }, 'identity provider discovery failed');
        return toLogin(reply, {
          error: 'Sign-in with Google is unavailable right now. Please try again later.',
        });
      }
      const value = await signPayload(
        { ...started.pending },
        STATE_AUDIENCE,
        STATE_TTL_SECONDS,
        deps.jwtSecret,
      );
      reply.header('set-cookie', stateCookie(value, STATE_TTL_SECONDS, secure));
      return reply.header('cache-control', 'no-store').redirect(started.url, 302);
    },
  );

  app.get(
    '/auth/oidc/callback',
    {
      schema: {
        tags,
        summary: 'Where the identity provider sends the browser back',
        querystring: z.looseObject({ error: z.string().optional() }),
      },
    },
    async (request, reply) => {
      reply.header('set-cookie', stateCookie('', 0, secure));
      if (!signIn.enabled) return toLogin(reply, { error: OIDC_NOT_CONFIGURED });
      if (request.query.error) {
        const cancelled = request.query.error === 'access_denied';
        return toLogin(reply, { error: cancelled ? 'Sign-in with Google was cancelled' : GENERIC_FAILURE });
      }
      const raw = readCookie(request, COOKIE);
      const pending = raw ? await verifyPayload(raw, STATE_AUDIENCE, deps.jwtSecret) : undefined;
      if (!pending)
        return toLogin(reply, { error: 'Sign-in took too long or was started elsewhere. Please try again.' });
      try {
        const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        const identity = await signIn.finish(search, pending as unknown as OidcPending);
        const user = await findOrCreateOidcUser(deps.db, identity);
        const token = await sessionFor(deps, user);
        return toLogin(reply, { token, next: safeNextPath(pending.next) });
      } catch (err) {
        if (err instanceof OidcSignInError) return toLogin(reply, { error: err.message });
        request.log.warn({ err }, 'sign-in with the identity provider failed');
        return toLogin(reply, { error: GENERIC_FAILURE });
      }
    },
  );
}
