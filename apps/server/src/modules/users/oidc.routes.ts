import { errorReplySchema, oidcConfigReplySchema } from '@bazaar/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCookie } from '../../lib/cookies';
import { notFound } from '../../lib/errors';
import { signPayload, verifyPayload } from '../../lib/tokens';
import { signLinkTicket } from './identity-link';
import {
  OIDC_NOT_CONFIGURED,
  type OidcPending,
  type OidcService,
  OidcSignInError,
  safeNextPath,
} from './oidc.service';
import { IdentityLinkRequired } from './users.service';

const tags = ['auth'];
const COOKIE = 'bazaar_oidc';
const COOKIE_PATH = '/api/auth/oidc';
const STATE_AUDIENCE = 'bazaar-oidc-state';
const STATE_TTL_SECONDS = 10 * 60;
const GENERIC_FAILURE = 'Login failed, please try again';
export const LINK_WITH_PASSWORD =
  'An account with this email already exists. Log in with its password to link your Google account to it (reset the password first if you do not know it).';

function stateCookie(value: string, maxAge: number, secure: boolean): string {
  return `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

type Outcome =
  | { token: string; next: string }
  | { error: string }
  | { error: string; link: string; email: string; next: string };

/** The SPA's login page reads the outcome from the fragment, which browsers never send to a server. */
function toLogin(reply: FastifyReply, outcome: Outcome) {
  const fragment = new URLSearchParams(outcome);
  return reply.header('cache-control', 'no-store').redirect(`/login#${fragment.toString()}`, 302);
}

/** 'Log In With Google': OpenID Connect authorization code flow with PKCE. */
export async function oidcRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { oidc } = app.services;
  const { jwtSecret, publicUrl } = app.deps.config;
  const secure = publicUrl.startsWith('https:');

  app.get(
    '/auth/oidc/config',
    {
      schema: {
        tags,
        summary: 'Whether sign-in with Google is available',
        response: { 200: oidcConfigReplySchema },
      },
    },
    async () => ({ enabled: oidc.enabled }),
  );

  app.get(
    '/auth/oidc/start',
    {
      schema: {
        tags,
        summary: 'Redirect the browser to the identity provider',
        description:
          'With `fresh=true` the provider is asked to sign the person in again: an account without a password needs that before it sets one or changes its email.',
        querystring: z.object({
          next: z.string().max(500).optional(),
          fresh: z.enum(['true', 'false']).optional(),
        }),
        response: { 404: errorReplySchema },
      },
    },
    async (request, reply) => {
      if (!oidc.enabled) throw notFound(OIDC_NOT_CONFIGURED);
      let started: Awaited<ReturnType<OidcService['start']>>;
      try {
        started = await oidc.start(safeNextPath(request.query.next), request.query.fresh === 'true');
      } catch (err) {
        request.log.error({ err }, 'identity provider discovery failed');
        return toLogin(reply, {
          error: 'Sign-in with Google is unavailable right now. Please try again later.',
        });
      }
      const value = await signPayload({ ...started.pending }, STATE_AUDIENCE, STATE_TTL_SECONDS, jwtSecret);
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
      if (!oidc.enabled) return toLogin(reply, { error: OIDC_NOT_CONFIGURED });
      if (request.query.error) {
        const cancelled = request.query.error === 'access_denied';
        return toLogin(reply, { error: cancelled ? 'Sign-in with Google was cancelled' : GENERIC_FAILURE });
      }
      const raw = readCookie(request, COOKIE);
      const pending = raw ? await verifyPayload(raw, STATE_AUDIENCE, jwtSecret) : undefined;
      if (!pending)
        return toLogin(reply, { error: 'Sign-in took too long or was started elsewhere. Please try again.' });
      try {
        const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        const token = await oidc.signIn(search, pending as unknown as OidcPending);
        return toLogin(reply, { token, next: safeNextPath(pending.next) });
      } catch (err) {
        if (err instanceof IdentityLinkRequired) {
          const { issuer, subject, email } = err.identity;
          const link = await signLinkTicket({ issuer, subject, email }, jwtSecret);
          return toLogin(reply, { error: LINK_WITH_PASSWORD, link, email, next: safeNextPath(pending.next) });
        }
        if (err instanceof OidcSignInError) return toLogin(reply, { error: err.message });
        request.log.warn({ err }, 'sign-in with the identity provider failed');
        return toLogin(reply, { error: GENERIC_FAILURE });
      }
    },
  );
}
