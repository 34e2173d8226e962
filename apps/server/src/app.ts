import path from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { isDatabaseUnavailable } from './db/unavailable';
import { createDeps, type Deps, type DepsOverrides } from './deps';
import { Lifecycle } from './lib/lifecycle';
import { PeriodicJob } from './lib/periodic-job';
import { fastifyTrustProxy } from './lib/trust-proxy';
import { uploadsRoutes } from './modules/catalogue/index';
import { seoRoutes } from './modules/seo/index';
import { authPlugin } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { metricsPlugin } from './plugins/metrics';
import { multipartPlugin } from './plugins/multipart';
import { pageHeaders, securityPlugin } from './plugins/security';
import { webAppPlugin } from './plugins/web-app';
import { apiRoutes, ROUTE_MODULES, type RouteModule } from './routes';
import { createServices, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outside world as chosen once from the config: database, clock, log, mailer, storage, events. */
    deps: Deps;
    /** Every service, built once. Route modules call these; they never build their own. */
    services: Services;
    /** Starting, running or stopping: readiness, and what a shutdown changes at once. */
    lifecycle: Lifecycle;
  }
}

export interface BuildOverrides extends DepsOverrides {
  /** The route modules to register (all of them by default); a test may add one of its own. */
  modules?: readonly RouteModule[];
}

/**
 * The composition root: builds the deps once (real or local, chosen from the
 * config, any of them replaceable by a test), every service once from them,
 * then the plugins and the routes. Never listens, so tests can `inject()`.
 */
export async function buildApp(config: Config, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const { modules = ROUTE_MODULES, ...depsOverrides } = overrides;
  const opened = await createDeps(config, depsOverrides);
  try {
    return await assemble(opened.deps, modules, opened.close);
  } catch (error) {
    await opened.close();
    throw error;
  }
}

/**
 * Timeouts of the HTTP server (Fastify leaves the request timeout off): a body sent a byte at a
 * time cannot hold a connection for ever. Node checks them every `connectionsCheckingInterval`.
 */
function httpLimits(config: Config) {
  const { requestTimeoutMs, connectionTimeoutMs, keepAliveTimeoutMs } = config.http;
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: connectionTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(requestTimeoutMs, 30_000),
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(requestTimeoutMs / 10))),
    },
  };
}

/** How often each process prunes the listing's change log (listing.pruneChangeLog). */
const CHANGE_LOG_PRUNE_MS = 10 * 60_000;

/** Services from the deps, then plugins, then routes: store routes and the admin scope under /api. */
/** The first wait before loading the listing again after a failed load; it doubles up to a minute. */
const CATALOGUE_RETRY_MS = 1000;

/** Loads the listing into memory, trying again while it fails, then says the process is ready. */
async function loadCatalogue(
  listing: Services['listing'],
  lifecycle: Lifecycle,
  log: FastifyBaseLogger,
): Promise<void> {
  for (let wait = CATALOGUE_RETRY_MS; !lifecycle.stopping; wait = Math.min(wait * 2, 60_000)) {
    try {
      await listing.start();
      lifecycle.started();
      return;
    } catch (err) {
      log.error({ err }, 'catalogue listing did not load; trying again');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        lifecycle.whenStopping(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

async function assemble(
  deps: Deps,
  modules: readonly RouteModule[],
  closeDeps: () => Promise<void>,
): Promise<FastifyInstance> {
  const { config } = deps;
  const services = createServices(deps);
  const app = Fastify({
    loggerInstance: deps.log,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // A request that reaches a closing server (on a connection opened before) is served, with
    // `Connection: close`, rather than refused: the database is still there until the server has closed.
    return503OnClosing: false,
    ...httpLimits(config),
  }).withTypeProvider<ZodTypeProvider>();
  app.server.maxConnections = config.http.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('services', services);
  const lifecycle = new Lifecycle();
  app.decorate('lifecycle', lifecycle);
  const jobs = [
    new PeriodicJob(
      'order expiry',
      async () => {
        const count = await services.orders.expireDue();
        if (count > 0) deps.log.info({ count }, 'unpaid orders expired');
      },
      config.orders.expiryCheckMs,
      deps.log,
    ),
    new PeriodicJob(
      'cash-on-delivery confirmations',
      async () => {
        const count = await services.cod.cancelUnconfirmed();
        if (count > 0) deps.log.info({ count }, 'unconfirmed cash-on-delivery orders cancelled');
      },
      config.orders.expiryCheckMs,
      deps.log,
    ),
    new PeriodicJob(
      'payments',
      // The sandbox's webhook redeliveries, payments the shop was never told about, refunds owed.
      () => services.payments.runDue(),
      config.payments.checkMs,
      deps.log,
    ),
    new PeriodicJob(
      'messages',
      // Messages due (new ones, retries), and attempts whose process stopped before recording an answer.
      () => services.notify.runDue(),
      config.messaging.checkMs,
      deps.log,
    ),
    new PeriodicJob(
      'back-in-stock alerts',
      // Active alerts whose variant has stock again: each moves to sent with its mail queued (SKIP LOCKED).
      async () => {
        const count = await services.stockAlerts.runDue();
        if (count > 0) deps.log.info({ count }, 'back-in-stock alerts sent');
      },
      config.messaging.checkMs,
      deps.log,
    ),
    new PeriodicJob(
      'catalogue change log',
      () => services.listing.pruneChangeLog(),
      CHANGE_LOG_PRUNE_MS,
      deps.log,
    ),
  ];
  let catalogueLoaded: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    await services.delivery.start();
    for (const job of jobs) job.start();
    // The listing loads while the process already listens: live at once, ready (so a proxy sends it
    // catalogue traffic) only once loaded; a request that comes earlier waits for the load.
    catalogueLoaded = loadCatalogue(services.listing, lifecycle, deps.log);
  });
  // However the app is closed (a signal, a test), it is stopping from the first moment.
  app.addHook('preClose', (done) => {
    lifecycle.stop();
    done();
  });
  // No round starts once a shutdown begins; onClose waits for the one running.
  lifecycle.whenStopping(() => {
    for (const job of jobs) void job.stop();
  });
  // Once a shutdown begins every reply closes its connection, a request in flight then included, so
  // no keep-alive connection outlives its last reply (idle ones are closed when the server closes).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    await Promise.all(jobs.map((job) => job.stop()));
    await catalogueLoaded;
    await services.listing.close();
    await services.delivery.close();
    await closeDeps();
  });

  await app.register(errorsPlugin);
  await app.register(metricsPlugin, { config, database: deps.database });
  // Brotli or gzip for every text reply made on the fly (pages, API JSON); replies that carry their
  // own encoding (built assets, the catalogue's cached replies) pass through untouched.
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(securityPlugin, { config, redis: deps.redis });
  await app.register(docsPlugin);
  await app.register(authPlugin, { users: services.users });
  await app.register(multipartPlugin);

  await app.register(apiRoutes, { prefix: '/api', modules });
  await app.register(uploadsRoutes);
  await app.register(seoRoutes);
  if (config.webDist) {
    const razorpay = deps.payments.window.provider === 'razorpay';
    const variants = {
      plain: razorpay ? pageHeaders({ analytics: false, razorpay }) : undefined,
      withAnalytics: pageHeaders({ analytics: true, razorpay }),
    };
    await app.register(webAppPlugin, {
      root: config.webDist,
      // The server build sits beside the client build (apps/web/dist-ssr next to apps/web/dist).
      rendererEntry: path.join(path.dirname(path.resolve(config.webDist)), 'dist-ssr', 'entry-server.js'),
      origin: config.publicUrl,
      // Settings are read on every use (one key lookup), so an id saved on any process applies at once.
      // With the database away the page is still sent (its data then fails in the browser, which says
      // so and can try again), without analytics.
      pageHeaders: async () => {
        try {
          return (await services.settings.get()).googleAnalyticsId ? variants.withAnalytics : variants.plain;
        } catch (error) {
          if (isDatabaseUnavailable(error)) return variants.plain;
          throw error;
        }
      },
      // Rendered pages are kept as the catalogue's replies are, and dropped on the same changes (and
      // the settings' too, which every page shows), here or on any other process.
      pageCacheTtlMs: config.catalogueCacheTtlMs,
      now: () => deps.clock.now().getTime(),
      onContentChange: async (listener) => {
        const stops = await Promise.all([
          services.catalogue.onChange(() => listener()),
          services.settings.onChange(listener),
        ]);
        return () => {
          for (const stop of stops) stop();
        };
      },
    });
  }
  return app;
}
