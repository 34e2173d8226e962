import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';

export interface SpaOptions {
  root: string;
  /** Headers an app page needs beyond the app-wide ones (the analytics CSP when the shop has an id). */
  pageHeaders?: () => Promise<Record<string, string> | undefined>;
}

/**
 * Serves the built SPA from the same process: hashed assets cached for a year,
 * index.html never cached, and every non-API GET that is not a file answered
 * with index.html so client routes survive a reload.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: SpaOptions) => {
  const root = path.resolve(opts.root);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ root }, 'no built web app found; serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      throw badRequest('The address is not valid');
    }
    if (urlPath.startsWith('/api/') || urlPath === '/api') {
      return reply.callNotFound();
    }
    const file = path.join(root, path.normalize(urlPath));
    if (file.startsWith(root) && path.extname(file) && existsSync(file)) {
      return reply.sendFile(path.relative(root, file));
    }
    reply.header('cache-control', 'no-cache');
    const extra = await opts.pageHeaders?.();
    if (extra) reply.headers(extra);
    return reply.sendFile('index.html');
  });
});
