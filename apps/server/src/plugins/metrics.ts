import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { httpDuration, registry, watchPool } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the Prometheus listener is, once the app is ready (METRICS_PORT set), else undefined. */
    metricsAddress(): AddressInfo | undefined;
  }
}

/** `GET /metrics` and nothing else: the registry in Prometheus's text format. */
function metricsListener(): Server {
  return createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response
        .writeHead(404, { 'content-type': 'text/plain' })
        .end('Not found: the metrics are at /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${error.message}\n`),
    );
  });
}

/**
 * Prometheus metrics on a port of their own (METRICS_PORT), never the shop's: the proxy publishes
 * only the shop's port, so the figures are not public and need no token, and Prometheus scrapes
 * each process directly (through a load-balanced port it would read a different process each time).
 * Without METRICS_PORT nothing listens and requests are not timed.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { config: Config; database: Database }) => {
    const { config, database } = options;
    const unwatchPool = database.kind === 'postgres' ? watchPool(database.pool) : undefined;
    let server: Server | undefined;
    app.decorate('metricsAddress', () => server?.address() as AddressInfo | undefined);
    app.addHook('onClose', async () => {
      unwatchPool?.();
      if (!server) return;
      const closed = new Promise((resolve) => server?.close(resolve));
      server.closeAllConnections();
      await closed;
    });
    const port = config.metricsPort;
    if (port === undefined) return;

    app.addHook('onResponse', (request, reply, done) => {
      httpDuration.observe(
        {
          method: request.method,
          // The route's pattern (`/api/products/:id`), so the label's values stay few.
          route: request.routeOptions.url ?? 'unmatched',
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
    app.addHook('onReady', async () => {
      const listener = metricsListener();
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject);
        listener.listen(port, config.host, () => {
          listener.off('error', reject);
          resolve();
        });
      });
      server = listener;
      const { port: bound } = listener.address() as AddressInfo;
      app.log.info(`Prometheus metrics at http://${config.host}:${bound}/metrics`);
    });
  },
  { name: 'metrics' },
);
