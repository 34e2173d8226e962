import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { RendererModule, ViteManifest, WebRenderer } from '@bazaar/shared/web-renderer';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';
import { internalRequestHeaders } from '../lib/internal-request';

export interface WebAppOptions {
  /** The client build (apps/web/dist): hashed assets, their .br/.gz twins, the manifest, index.html. */
  root: string;
  /** The server build's renderer (apps/web/dist-ssr/entry-server.js); without it pages are index.html. */
  rendererEntry?: string | undefined;
  /** The shop's public origin, for canonical links. */
  origin: string;
  /** Headers an app page needs beyond the app-wide ones (the analytics CSP when the shop has an id). */
  pageHeaders?: () => Promise<Record<string, string> | undefined>;
}

/** The page's CSP with a nonce for the scripts React streams inline (none unless a part renders late). */
export function withScriptNonce(csp: string, nonce: string): string {
  return csp.replace(/(^|;)(\s*script-src)([^;]*)/, `$1$2$3 'nonce-${nonce}'`);
}

function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  if (headers)
    new Headers(headers).forEach((value, name) => {
      record[name] = value;
    });
  return record;
}

async function loadRenderer(app: FastifyInstance, opts: WebAppOptions, root: string) {
  const entry = opts.rendererEntry;
  const manifestPath = path.join(root, '.vite/manifest.json');
  if (!entry || !existsSync(entry) || !existsSync(manifestPath)) {
    app.log.warn({ entry }, 'no server renderer built; pages are rendered in the browser only');
    return undefined;
  }
  const module = (await import(pathToFileURL(entry).href)) as RendererModule;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ViteManifest;
  return module.createRenderer({
    manifest,
    origin: opts.origin,
    onError: (err) => app.log.error({ err }, 'a page failed to render on the server'),
  });
}

/**
 * Serves the web app from the same process: hashed assets cached for a year (brotli or gzip when the
 * browser takes it, compressed once at build), and every other GET outside /api rendered to HTML by
 * the server (status 404 for an address that names nothing) and hydrated by the browser. Without a
 * server build, index.html answers every page and the browser renders it alone.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: WebAppOptions) => {
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
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const renderer = await loadRenderer(app, opts, root);

  const fetchApi = async (url: string, init: RequestInit): Promise<Response> => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { ...headerRecord(init.headers), ...internalRequestHeaders() },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };

  async function renderPage(render: WebRenderer['render'], url: string, reply: FastifyReply) {
    const nonce = randomBytes(16).toString('base64');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', withScriptNonce(csp, nonce));
    const result = await render({ url, nonce, fetchApi });
    if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
    const body = new PassThrough();
    result.pipe(body);
    // A shopper who leaves before the page is sent stops its rendering too.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) result.abort();
    });
    return reply.status(result.status).type('text/html; charset=utf-8').send(body);
  }

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
    if (renderer) {
      try {
        return await renderPage(renderer.render, request.url, reply);
      } catch (err) {
        // The browser can still render the page itself: better than an error page.
        request.log.error({ err }, 'server rendering failed; sending the app shell');
      }
    }
    return reply.sendFile('index.html');
  });
});
