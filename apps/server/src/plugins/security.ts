import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { badRequest } from '../lib/errors';
import { isInternalRequest } from '../lib/internal-request';

// A percent-encoded C0 or C1 control character (NUL, escape, DEL, ...) in the path or query: no
// route of this shop takes one, and PostgreSQL would refuse a NUL with a 500.
const ENCODED_CONTROL_CHARACTER = /%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f])/i;

/**
 * Whether a request is an API request, decided on the route the router matched (it decodes the
 * path: `/%61pi/health` is `/api/health`), never on the raw URL. A request no route matched is
 * counted too: only the SPA, the uploads and the docs' static files are left out.
 */
export function isApiRequest(request: { routeOptions: { url?: string | undefined } }): boolean {
  const route = request.routeOptions.url;
  return route === undefined || route === '/api' || route.startsWith('/api/');
}

/** The contact page's map: OpenStreetMap's embed, the only page another site may frame into ours. */
export const MAP_FRAME_SOURCES = ['https://www.openstreetmap.org'] as const;

const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", ...MAP_FRAME_SOURCES],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Google Analytics 4's hosts, as Google documents them for a CSP: allowed on
 * the app's pages only while the shop settings hold an analytics id.
 */
export const ANALYTICS_SOURCES = {
  scriptSrc: ['https://*.googletagmanager.com'],
  imgSrc: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connectSrc: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
} as const;

/**
 * Razorpay's web checkout (test or live keys): its script, and the frames it opens. Allowed on the
 * app's pages only while Razorpay is the payment provider; the sandbox needs nothing beyond 'self'.
 */
export const RAZORPAY_SOURCES = {
  scriptSrc: ['https://checkout.razorpay.com'],
  frameSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connectSrc: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
} as const;

/**
 * The headers of an app page: the strict policy plus exactly the hosts of what is switched on
 * (Google Analytics while the shop has an id, Razorpay's checkout while it is the provider).
 */
export function pageHeaders(options: { analytics: boolean; razorpay: boolean }): Record<string, string> {
  const csp = helmetOptions.contentSecurityPolicy as { directives: Record<string, string[]> };
  const directives = { ...csp.directives };
  const extras = [options.analytics ? ANALYTICS_SOURCES : {}, options.razorpay ? RAZORPAY_SOURCES : {}];
  for (const sources of extras) {
    for (const [name, hosts] of Object.entries(sources) as [string, readonly string[]][]) {
      directives[name] = [...(directives[name] ?? []), ...hosts];
    }
  }
  return securityHeaders({ ...helmetOptions, contentSecurityPolicy: { useDefaults: false, directives } });
}

/**
 * Helmet's headers, computed once. Our policy has no per-request parts (no
 * nonces), and running helmet's middleware on every request cost about 60% of
 * the throughput of a cached catalogue reply.
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, res as never, () => {});
  return headers;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route outside /api whose requests count against the per-address limit (the page renderer). */
    countsAgainstRateLimit?: boolean;
  }
}

/**
 * Whether a request counts against the per-address rate limit: the API (matched or not) and the pages
 * the server renders, never the calls a page render makes to the API in-process (the page counted).
 */
export function isRateLimited(request: FastifyRequest): boolean {
  if (isInternalRequest(request)) return false;
  return isApiRequest(request) || request.routeOptions.config?.countsAgainstRateLimit === true;
}

/**
 * Security headers with a strict CSP, control characters refused in URLs, and a per-address rate limit
 * on the API and the rendered pages: counted per process, or in Redis, shared by every process, with
 * REDIS_URL (docs/decisions/059-per-address-rate-limit.md). Accounts are protected by the counters in the
 * database.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; redis?: Redis | undefined }) => {
    const headers = securityHeaders();
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(headers);
      if (ENCODED_CONTROL_CHARACTER.test(request.url)) {
        throw badRequest('The address must not contain control characters');
      }
    });
    await app.register(rateLimit, {
      // Not on each route (the plugin would add its hook after a route's own onRequest hooks, where a
      // cached catalogue reply is sent): one app-wide hook below, before any route's.
      global: false,
      max: opts.config.rateLimitMax,
      timeWindow: '1 minute',
      // Static files and stored images are cheap: only the API and rendered pages are counted.
      allowList: (request) => !isRateLimited(request),
      // With Redis the count is shared by every process; an unreachable Redis lets requests through
      // (the shop stays up; accounts keep their own limits in the database).
      ...(opts.redis
        ? { redis: opts.redis, skipOnError: true, nameSpace: `${opts.config.redisKeyPrefix}api-limit:` }
        : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        code: 'TOO_MANY_REQUESTS',
      }),
    });
    app.addHook('onRequest', app.rateLimit());
  },
);
