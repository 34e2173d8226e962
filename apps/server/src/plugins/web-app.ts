import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import type { RendererModule, ViteManifest, WebRenderer } from '@bazaar/shared/web-renderer';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { PageCache, type RenderedPage } from '../lib/cache/page-cache';
import { badRequest } from '../lib/errors';
import { internalRequestHeaders } from '../lib/internal-request';
import { watchCache } from '../lib/metrics';

export interface WebAppOptions {
  /** The client build (apps/web/dist): hashed assets, their .br/.gz twins, the manifest, index.html. */
  root: string;
  /** The server build's renderer (apps/web/dist-ssr/entry-server.js); without it pages are index.html. */
  rendererEntry?: string | undefined;
  /** The shop's public origin, for canonical links. */
  origin: string;
  /** Headers an app page needs beyond the app-wide ones (the analytics CSP when the shop has an id). */
  pageHeaders?: () => Promise<Record<string, string> | undefined>;
  /** How long a rendered page is reused for the same URL (CATALOGUE_CACHE_TTL_MS); 0 renders every request. */
  pageCacheTtlMs?: number;
  /**
   * Calls `listener` whenever something pages show may have changed (the catalogue, the shop's
   * settings), in this process or another; resolves to a remover.
   */
  onContentChange?: (listener: () => void) => Promise<() => void>;
  /** The clock the page cache keeps time by (the app's). */
  now?: () => number;
}

/** Pages kept at most: ~10–40 KB of Brotli each. */
const MAX_CACHED_PAGES = 300;
const MAX_CACHED_URL_LENGTH = 512;

/**
 * Whether a page may be kept for whoever asks for the same URL next: not one whose address carries a
 * secret (a reset or unsubscribe link), nor an address longer than any link of the shop's.
 */
export function isCacheablePage(url: string): boolean {
  return url.length <= MAX_CACHED_URL_LENGTH && !/^\/(reset-password\/|newsletter\/unsubscribe)/i.test(url);
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

  /** The whole page, rendered into memory (it is sent, and kept, as one piece). */
  async function renderPage(render: WebRenderer['render'], url: string): Promise<RenderedPage> {
    const result = await render({ url, fetchApi });
    if (result.kind === 'redirect') return result;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    result.pipe(sink);
    await finished(sink);
    return { kind: 'page', status: result.status, html: Buffer.concat(chunks) };
  }

  function sendPage(reply: FastifyReply, page: RenderedPage) {
    if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
    return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
  }

  const ttlMs = opts.pageCacheTtlMs ?? 0;
  const pages =
    renderer && ttlMs > 0
      ? new PageCache({
          ttlMs,
          maxEntries: MAX_CACHED_PAGES,
          log: app.log,
          ...(opts.now ? { now: opts.now } : {}),
        })
      : undefined;
  if (pages) {
    const unwatch = watchCache('rendered_pages', () => pages.stats);
    const stop = await opts.onContentChange?.(() => pages.invalidate());
    app.addHook('onClose', async () => {
      stop?.();
      unwatch();
    });
  }

  // Every page asked for counts against the per-address limit, as an API request does.
  app.get(
    '/*',
    { schema: { hide: true }, config: { countsAgainstRateLimit: true } },
    async (request, reply) => {
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
          const render = () => renderPage(renderer.render, request.url);
          if (pages && isCacheablePage(request.url)) return await pages.send(reply, request.url, render);
          return sendPage(reply, await render());
        } catch (err) {
          // The browser can still render the page itself: better than an error page.
          request.log.error({ err }, 'server rendering failed; sending the app shell');
        }
      }
      return reply.sendFile('index.html');
    },
  );
});
